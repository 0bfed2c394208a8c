// Demo data beyond the users: the demo user's bots and the token of the runner that
// `npm start` runs in-process, so a newcomer can start a bot and watch it come online.
import { DEMO_WORLD, type ModuleName } from "@dsbot/protocol";
import { and, asc, eq, inArray, isNull } from "drizzle-orm";
import type { Database } from "../db/client.js";
import { dsbots, runnerTokens } from "../db/schema.js";
import { createToken, findUserByUsername, hashToken } from "../modules/auth/index.js";
import { createBot, defaultModules, readModule } from "../modules/dsbots/index.js";
import { prepareDemoTemplate } from "./demo-template.js";

export const DEMO_RUNNER_NAME = "Demo-Runner";
/** Game accounts of the demo bots: the named players of the generated demo world (demo-world.ts). */
export const DEMO_BOT_PLAYERS = DEMO_WORLD.namedPlayers;
/** Switched on for the demo bots, so a started bot visibly does something (the sandbox runs these). */
export const DEMO_ENABLED_MODULES = ["relogin", "inventory", "command-scanner"] as const satisfies readonly ModuleName[];
/** The demo bots that go on Raubzug from the start (the others show the module off, to switch on). */
export const DEMO_SCAVENGE_PLAYERS: readonly string[] = ["Zora"];

export interface DemoRunnerSetup {
  /** A fresh runner token (plaintext, in memory only); earlier demo runner tokens are revoked. */
  token: string;
  /** Every bot the demo user owns: the in-process runner hosts them all. */
  bots: { dsbotId: number; playerName: string }[];
}

/** Seeds the demo bots once and issues the demo runner's token; undefined without a demo user. */
export async function prepareDemoRunner(db: Database, demoUsername: string): Promise<DemoRunnerSetup | undefined> {
  const user = await findUserByUsername(db, demoUsername);
  if (!user) return undefined;
  const owned = () => db.select().from(dsbots).where(eq(dsbots.ownerId, user.id)).orderBy(asc(dsbots.id));
  let bots = await owned();
  if (bots.length === 0) {
    const modules = defaultModules();
    for (const name of DEMO_ENABLED_MODULES) modules[name] = { ...readModule(modules, name), enabled: true };
    for (const name of DEMO_BOT_PLAYERS) {
      const bot = await createBot(db, user, { dsPlayer: { name }, world: { server: user.worldServer, world: user.worldWorld } });
      const own = DEMO_SCAVENGE_PLAYERS.includes(name) ? { ...modules, scavenge: { ...readModule(modules, "scavenge"), enabled: true } } : modules;
      await db.update(dsbots).set({ modules: own }).where(eq(dsbots.id, bot.id));
    }
    bots = await owned();
  }
  await prepareDemoTemplate(db, user.id);
  const token = createToken();
  await db.transaction(async (tx) => {
    const revoked = await tx
      .update(runnerTokens)
      .set({ revokedAt: new Date() })
      .where(and(eq(runnerTokens.userId, user.id), eq(runnerTokens.name, DEMO_RUNNER_NAME), isNull(runnerTokens.revokedAt)))
      .returning({ id: runnerTokens.id });
    const [fresh] = await tx.insert(runnerTokens).values({ userId: user.id, name: DEMO_RUNNER_NAME, tokenHash: hashToken(token) }).returning({ id: runnerTokens.id });
    // The same demo runner with its new token: the bots it ran before the restart stay its own, so it resumes them.
    if (fresh && revoked.length > 0) {
      await tx
        .update(dsbots)
        .set({ startedByRunnerTokenId: fresh.id })
        .where(inArray(dsbots.startedByRunnerTokenId, revoked.map((r) => r.id)));
    }
  });
  return { token, bots: bots.map((b) => ({ dsbotId: b.id, playerName: b.playerName })) };
}
