// The module's front door: what other server code may use of it. Everything else is internal.
export { purgeOldGuesses, reserveGuess } from "./password-guesses.js";
export { hitRateLimit, purgeOldRateLimits } from "./rate-limit.js";
export type { RateLimit } from "./rate-limit.js";
