// First start: create the admin (and the demo user when DSBOT_DEMO=1) so the app can be used at once.
import { defaultWorld, demoGameWorld } from "@dsbot/protocol";
import type { Config } from "../../core/config.js";
import type { Database } from "../../db/client.js";
import { findUserByUsername, generatePassword } from "../auth/index.js";
import { countUsers, createUser, reconcileUsernameKeys } from "../users/index.js";
import { HttpError } from "../../http/errors.js";

export const DEMO_USERNAME = "demo";

export interface BootstrapResult {
  adminUsername: string;
  /** Set only when the admin was created in this run: the one moment its password is shown. */
  adminPassword: string | undefined;
  adminPasswordGenerated: boolean;
  demoUser: { username: string; password: string } | undefined;
  /** Usernames whose case-insensitive key collides with another user's (only possible for data from before 0003). */
  usernameKeyClashes: string[];
}

/** Another instance starting at the same time may win the insert; that is fine. */
async function createIfAbsent(db: Database, input: Parameters<typeof createUser>[1]): Promise<boolean> {
  try {
    await createUser(db, input);
    return true;
  } catch (error) {
    if (error instanceof HttpError && error.statusCode === 409) return false;
    throw error;
  }
}

export async function bootstrapUsers(db: Database, config: Config): Promise<BootstrapResult> {
  const result: BootstrapResult = {
    adminUsername: config.adminUsername,
    adminPassword: undefined,
    adminPasswordGenerated: false,
    demoUser: undefined,
    usernameKeyClashes: [],
  };
  const keys = await reconcileUsernameKeys(db);
  result.usernameKeyClashes = keys.clashes;
  if ((await countUsers(db)) === 0) {
    const password = config.adminPassword ?? generatePassword();
    const created = await createIfAbsent(db, {
      username: config.adminUsername,
      password,
      role: "admin",
      // With demo data the admin starts on the demo world too: a first start reaches no game server.
      world: config.demo ? demoGameWorld : defaultWorld,
    });
    if (created) {
      result.adminPassword = password;
      result.adminPasswordGenerated = config.adminPassword === undefined;
    }
  }
  if (config.demo) {
    if (!(await findUserByUsername(db, DEMO_USERNAME))) {
      await createIfAbsent(db, { username: DEMO_USERNAME, password: config.demoPassword, role: "user", world: demoGameWorld });
    }
    result.demoUser = { username: DEMO_USERNAME, password: config.demoPassword };
  }
  return result;
}
