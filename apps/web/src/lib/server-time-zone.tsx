// The server time zone game times are shown and entered in: a plan's screens use
// the zone of the plan's world (ServerTimeZoneProvider), everything else the signed-in user's world.
// Never the browser's zone: a player in New York sees the same server times as one in Berlin.
import { DEFAULT_SERVER_TIME_ZONE, marketTimeZone, type User } from "@dsbot/protocol";
import { createContext, useContext, type ReactNode } from "react";
import { useSession } from "./session";

const ServerTimeZoneContext = createContext<string | null>(null);

/** Game times below are in this zone (a plan's world). */
export function ServerTimeZoneProvider({ zone, children }: { zone: string; children: ReactNode }) {
  return <ServerTimeZoneContext.Provider value={zone}>{children}</ServerTimeZoneContext.Provider>;
}

/** The server time zone of a user's world (a user kept from before zones: its market's). */
export function userTimeZone(user: User | null): string {
  if (!user) return DEFAULT_SERVER_TIME_ZONE;
  return (user.timeZone as string | undefined) ?? marketTimeZone(user.world.server);
}

/** The zone of the plan around, else of the user's world. */
export function useServerTimeZone(): string {
  const provided = useContext(ServerTimeZoneContext);
  const user = useSession((state) => state.user);
  return provided ?? userTimeZone(user);
}
