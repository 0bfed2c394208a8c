// The public API of the sign-in feature: the rest of the app imports it from here. The login page
// (routes/login-route) is loaded lazily by the router, straight from its module.
export { refreshCurrentUser } from "./api/auth-api";
export { useLogout } from "./use-logout";
