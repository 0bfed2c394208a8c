// Loads the bot list when a user is signed in (spec §7). There is no bot API yet: until the bots issue
// wires GET /api/dsbot into TanStack Query this returns a no-op, deliberately without a fake call.
import { useCallback } from "react";

export function useBotsLoader(): () => void {
  return useCallback(() => {
    // Intentionally empty until GET /api/dsbot exists.
  }, []);
}
