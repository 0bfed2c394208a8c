// A game world a user plays on: market server (e.g. die-staemme.de) and world code (e.g. de230).
import { z } from "zod";
import { validationMessages } from "./validation.js";

export const knownServers = [
  "die-staemme.de",
  "staemme.ch",
  "tribalwars.net",
  "tribalwars.nl",
  "tribalwars.com.br",
  "tribalwars.com.pt",
  "plemiona.pl",
  "divokekmeny.cz",
  "divoke-kmene.sk",
  "klanlar.org",
  "tribals.it",
  "guerretribale.fr",
  "guerrastribales.es",
  "voyna-plemyon.ru",
  "tribalwars.us",
  "tribalwars.co.uk",
] as const;

export const worldSchema = z.object({
  server: z
    .string({ error: validationMessages.required })
    .trim()
    .toLowerCase()
    .min(1, validationMessages.required)
    .max(100, validationMessages.tooLong(100))
    .regex(/^[a-z0-9-]+(\.[a-z0-9-]+)+$/, "Ungültiger Server, z. B. die-staemme.de"),
  world: z
    .string({ error: validationMessages.required })
    .trim()
    .toLowerCase()
    .min(1, validationMessages.required)
    .max(20, validationMessages.tooLong(20))
    .regex(/^[a-z]{2,3}[a-z0-9]{1,12}$/, "Ungültige Welt, z. B. de230"),
});
export type World = z.infer<typeof worldSchema>;

export const defaultWorld: World = { server: "die-staemme.de", world: "de230" };

/**
 * The world the demo plays on (generated). Its server lies in `.invalid`, a name that
 * never resolves (RFC 6761) and no market uses: the demo world can never be taken for a real one,
 * and nothing ever fetches it from the game.
 */
export const demoGameWorld: World = { server: "dsbot-demo.invalid", world: "demo" };

/** The label shown in the header next to the username. */
export function worldLabel(world: World | null | undefined): string {
  return world ? world.world.toUpperCase() : "";
}

/** Game links are built on the user's world and server. */
export function gameBaseUrl(world: World): string {
  return `https://${world.world}.${world.server}`;
}
