// The module's front door: what other server code may use of it. Everything else is internal.
export { DEMO_USERNAME, bootstrapUsers } from "./bootstrap.js";
export type { BootstrapResult } from "./bootstrap.js";
