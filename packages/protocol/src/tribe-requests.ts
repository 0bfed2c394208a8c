// Unterstützung anfordern: a member (or a Koordinator/the Anführer for them) asks the tribe for support
// in a village under attack, from an incoming on the board: needed by the attack's arrival less a margin,
// a population of defence or certain units. Open requests head the board and ring the bell of every
// Koordinator and Anführer and of the members whose shared troops could land in time.
//   GET    /api/tribes/:id/requests                    members (admins too): the open requests
//   POST   /api/tribes/:id/requests                    the attacked member, a Koordinator or the Anführer
//   DELETE /api/tribes/:id/requests/:requestId         the same: withdraw it
import { z } from "zod";
import { TRIBE_ID_MAX, tribeIdParam } from "./tribes.js";
import { unitCountsSchema, unitLabels, type Unit, type UnitCounts } from "./units.js";

/** The margin before the attack lands by which the support must be there, in seconds (up to an hour). */
export const TRIBE_REQUEST_MARGIN_MAX_S = 3600;
export const TRIBE_REQUEST_MARGIN_DEFAULT_S = 60;
/** A population of defence asked for (the game's farm space of the units). */
export const TRIBE_REQUEST_POPULATION_MAX = 1_000_000;
/** How long a closed request (its attack landed) stays listed, in hours. */
export const TRIBE_REQUESTS_CLOSED_HOURS = 24;
/** Open requests of one tribe at one time. */
export const TRIBE_REQUESTS_OPEN_MAX = 200;

export const tribeRequestMessages = {
  notFound: "Anfrage nicht gefunden",
  incomingNotFound: "Diesen Angriff gibt es auf der Stammes-Übersicht nicht (mehr).",
  notYours: "Nur das angegriffene Mitglied, ein Koordinator oder der Anführer darf das.",
  tooLate: "Der Angriff kommt zu früh an: bis dahin schafft es keine Unterstützung.",
  alreadyOpen: "Für dieses Dorf gibt es schon eine offene Anfrage.",
  tooMany: `Höchstens ${TRIBE_REQUESTS_OPEN_MAX} offene Anfragen je Stamm.`,
  noUnits: "Gib mindestens eine Einheit an.",
} as const;

export const tribeRequestParamsSchema = z.object({ id: tribeIdParam, requestId: tribeIdParam });

export const tribeRequestNeedSchema = z.discriminatedUnion(
  "kind",
  [
    z.strictObject({
      kind: z.literal("population"),
      population: z
        .number({ error: "Erwartet: eine Zahl" })
        .int("Nur ganze Zahlen")
        .min(1, "Mindestens 1")
        .max(TRIBE_REQUEST_POPULATION_MAX, `Höchstens ${TRIBE_REQUEST_POPULATION_MAX}`),
    }),
    z.strictObject({
      kind: z.literal("units"),
      units: unitCountsSchema.refine((units) => Object.values(units).some((n) => (n ?? 0) > 0), tribeRequestMessages.noUnits),
    }),
  ],
  { error: "Erwartet: population oder units" },
);
export type TribeRequestNeed = z.infer<typeof tribeRequestNeedSchema>;

export const tribeRequestCreateSchema = z.strictObject({
  /** The incoming on the board (a train: any of its commands; the earliest arrival counts). */
  incomingId: z.number({ error: "Erwartet: die Id eines Angriffs" }).int().positive().max(TRIBE_ID_MAX),
  marginSeconds: z
    .number({ error: "Erwartet: Sekunden als Zahl" })
    .int("Nur ganze Sekunden")
    .min(0, "Mindestens 0")
    .max(TRIBE_REQUEST_MARGIN_MAX_S, `Höchstens ${TRIBE_REQUEST_MARGIN_MAX_S} Sekunden`),
  need: tribeRequestNeedSchema,
});
export type TribeRequestCreate = z.infer<typeof tribeRequestCreateSchema>;

/** Verteidigung planen (tribe-defence.ts): a planned support's command status in its member's plan (the attack table's statuses). */
export type TribeSupportStatus = "planned" | "due" | "sent" | "failed" | "expired" | "cancelled";

export interface TribeDefenceVillage {
  id: number;
  name: string;
  coordinates: string;
}

export interface TribeDefenceSupport {
  /** The command in the member's plan; null in a preview. */
  id: number | null;
  /** The member's plan it is in; null in a preview. */
  planId: number | null;
  member: { userId: number; username: string };
  source: TribeDefenceVillage;
  units: UnitCounts;
  /** The slowest unit sent: it sets the travel time. */
  unit: Unit;
  sendAt: number;
  arrivalAt: number;
  status: TribeSupportStatus;
  /** The actual arrival once a bot sent it (its actual send time plus the travel time). */
  realArrivalAt: number | null;
  /**
   * When the target's scan or pasted troops overview (its time) showed the support's units "im Dorf"
   * after its arrival: it arrived, also when no bot confirmed the send (sent by hand from a tab request).
   * Null: not seen (tribe-defence.ts `supportsSeenInVillage`).
   */
  seenInVillageAt: number | null;
  error: string | null;
}

export interface TribeSupportRequest {
  id: number;
  tribeId: number;
  /** The member whose village is attacked. */
  member: { userId: number; username: string };
  /** Who asked (the member, or a Koordinator/Anführer for them); null: no longer a user. */
  requestedBy: string | null;
  village: { id: number | null; name: string | null; x: number; y: number; coordinates: string };
  /** The incoming it was asked from (null once it is gone) and its noble train, if any. */
  incomingId: number | null;
  trainId: number | null;
  /** When the attack lands (epoch ms; a train's first command). */
  attackArrival: number;
  /** By when the support must be there (epoch ms): the arrival less the margin. */
  neededBy: number;
  need: TribeRequestNeed;
  /** Members (other than the attacked one) whose shared troops could land by `neededBy` when asked. */
  helpers: number;
  createdAt: string;
  /** The supports planned for it (Verteidigung planen), each in its member's plan, the earliest send first. */
  supports: TribeDefenceSupport[];
  /** The attack has landed: the request is closed with what arrived in time. */
  closed: boolean;
}

export interface TribeRequestListResponse {
  /** The open requests, the most urgent first. */
  requests: TribeSupportRequest[];
  /** Requests whose attack landed within the last TRIBE_REQUESTS_CLOSED_HOURS, the latest first. */
  closed: TribeSupportRequest[];
  /** When the list was read (epoch ms). */
  readAt: number;
}

export interface TribeRequestResponse {
  request: TribeSupportRequest;
}

/** What a request asks for, in German ("2.000 Einwohner Verteidigung", "500 Speerträger, 500 Schwertkämpfer"). */
export function needText(need: TribeRequestNeed): string {
  if (need.kind === "population") return `${need.population.toLocaleString("de-DE")} Einwohner Verteidigung`;
  return (Object.entries(need.units) as [Unit, number][])
    .filter(([, n]) => n > 0)
    .map(([unit, n]) => `${n.toLocaleString("de-DE")} ${unitLabels[unit]}`)
    .join(", ");
}
