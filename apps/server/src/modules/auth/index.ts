// The module's front door: what other server code may use of it. Everything else is internal.
export { authenticate, bearerToken, caller, requireAdmin } from "./auth-context.js";
export { findUserByUsername, login } from "./login.service.js";
export { generatePassword, hashPassword, verifyPassword } from "./password.js";
export { checkRunnerToken, presentRunnerList, revokeRunnerToken } from "./runner-tokens.service.js";
export { openSessionCache } from "./session-cache.js";
export type { SessionCacheHandle } from "./session-cache.js";
export { changeSessions, notifySessionChange, publishSessionChange } from "./session-changes.js";
export { checkToken, findActiveSessionIds, isFirstSession, listActiveSessions, purgeDeadSessions, revokeSession } from "./sessions.service.js";
export { signOutEverywhere } from "./sign-out.js";
export { createToken, hashToken } from "./tokens.js";
