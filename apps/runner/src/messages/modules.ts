// German log lines of the bot modules, one group per module. Module, unit, building, resource and
// troop class names come from the protocol.
import {
  buildingLabels,
  moduleRegistry,
  resourceLabels,
  resources,
  troopClassLabels,
  unitLabels,
  type Building,
  type Resources,
  type TroopClass,
  type Unit,
} from "@dsbot/protocol";
import { count, de, line, num } from "./format.js";

const labelOf = (name: keyof typeof moduleRegistry) => moduleRegistry[name].label;

const amounts = (r: Resources) => `${de(r.wood)} Holz, ${de(r.stone)} Lehm, ${de(r.iron)} Eisen`;

/** Lines several modules share; `label` is the module's. */
const common = {
  villagesUnreadable: (label: string, error: string) => `${label}: Dörfer nicht lesbar: ${error}`,
  templatesUnavailable: (label: string) => `${label}: Die Vorlagen konnten nicht vom Server geholt werden; nächster Versuch beim nächsten Lauf.`,
  /** The game refused something in one village. */
  villageFailed: (label: string, village: string, error: string) => `${label}: ${village}: ${error}`,
  failed: (label: string, error: string) => `${label}: ${error}`,
  waiting: (villages: number, reason: string) => `${count(villages, "Dorf wartet", "Dörfer warten")}: ${reason}`,
} as const;

/** Shared by the Münzer and the VP-Builder: why villages minted nothing, and the reserve. */
const minting = {
  priceUnreadable: (label: string, error: string) => `${label}: Münzpreis nicht lesbar: ${error}`,
  withoutAcademy: (villages: number) => `${count(villages, "Dorf", "Dörfer")} ohne Adelshof`,
  /** `one`: the price of what is minted ("eine Münze", "ein Paket"). */
  short: (villages: number, one: string, price: Resources) =>
    `${count(villages, "Dorf", "Dörfer")} mit zu wenig Rohstoffen über der Reserve (${one} kostet ${amounts(price)})`,
  reserve: (keep: Resources) => `Reserve je Dorf ${amounts(keep)}`,
} as const;

export const moduleMessages = {
  common,
  minting,
  attackPlannerScanner: {
    sent: (from: string, to: string, arrival: string) => `Angriff von ${from} auf ${to} geschickt, Ankunft ${arrival}`,
    supportSent: (from: string, to: string, arrival: string) => `Unterstützung von ${from} nach ${to} geschickt, Ankunft ${arrival}`,
    supportFailed: (from: string, to: string, error: string) => `Unterstützung von ${from} nach ${to} nicht geschickt: ${error}`,
    missingUnits: (from: string, missing: string) => `Nicht genügend Einheiten in ${from}: ${missing}`,
    /** "Axtkämpfer (20 fehlen)": one unit the village lacks. */
    missingUnit: (unit: Unit, missing: number) => `${unitLabels[unit]} (${missing} ${missing === 1 ? "fehlt" : "fehlen"})`,
    noneAvailable: (from: string) => `In ${from} sind keine der geplanten Einheiten vorhanden.`,
    failed: (from: string, to: string, error: string) => `Angriff von ${from} auf ${to} nicht geschickt: ${error}`,
    notRunning: "Der Bot lief zur Abschickzeit nicht (pausiert oder gestoppt).",
    /** Handed back when the game's bot protection holds the bot before the send time (a tab request). */
    botProtection: "Bot-Schutz im Spiel: der Bot ist angehalten, bis du ihn löst.",
    villageUnknown: (from: string) => `Das Dorf ${from} gehört dem Spieler nicht (mehr); die Formeln lassen sich nicht ausrechnen.`,
    formula: (label: string, text: string, error: string) => `Die Formel „${text}“ für ${label} geht nicht: ${error}`,
    formulaSpeed: (from: string, label: string) =>
      `In ${from} ergibt die Formel keine Einheit so langsam wie ${label} – ohne sie käme der Angriff zu früh an.`,
  },
  builder: {
    order: (building: Building, level: number) => `${buildingLabels[building]} ${level}`,
    queued: (orders: readonly string[], villages: number) =>
      `${count(orders.length, "Bauauftrag", "Bauaufträge")} in ${count(villages, "Dorf", "Dörfern")} (${orders.join(", ")})`,
    nothingQueued: "nichts Neues in die Bauschleife gestellt",
    queueFull: (villages: number, queueLength: number) =>
      `${count(villages, "Dorf", "Dörfer")} mit voller Bauschleife (${count(queueLength, "Auftrag", "Aufträge")})`,
    templateReached: (villages: number) => `${count(villages, "Dorf hat seine", "Dörfer haben ihre")} Vorlage erreicht`,
    withoutTemplate: (villages: number) => `${count(villages, "Dorf", "Dörfer")} ohne Vorlage`,
    summary: (parts: readonly string[]) => line(labelOf("builder"), parts),
  },
  commandScanner: {
    readFailed: (error: string) => `Auge: Befehle nicht gelesen: ${error}`,
    incoming: (n: number) => `${num(n)} ${n === 1 ? "eingehender Angriff" : "eingehende Angriffe"}`,
    nextArrival: (clock: string, minutes: number) => `nächste Ankunft um ${clock} (in ${num(minutes)} min)`,
    outgoing: (n: number) => `${num(n)} ausgehende Befehle`,
    summary: (parts: readonly string[]) => line("Auge", parts),
  },
  depot: {
    ratesUnreadable: (error: string) => `${labelOf("depot")}: Kurse nicht lesbar: ${error}`,
    sold: (sold: Resources, points: number) =>
      `${resources
        .filter((r) => sold[r] > 0)
        .map((r) => `${de(sold[r])} ${resourceLabels[r]}`)
        .join(", ")} für ${count(points, "Premiumpunkt", "Premiumpunkte")} verkauft`,
    nothingSold: "nichts verkauft",
    rates: (rates: Resources) => `Kurs je Punkt: ${resources.map((r) => `${resourceLabels[r]} ${de(rates[r])}`).join(", ")}`,
    limit: (today: number, dailyLimit: number) => `heute ${de(today)} von ${de(dailyLimit)} Premiumpunkten`,
    summary: (parts: readonly string[]) => line(labelOf("depot"), parts),
  },
  inventory: {
    failed: (error: string) => `Inventur fehlgeschlagen: ${error}`,
    villages: (n: number) => `${n} Dörfer`,
    points: (n: number) => `${num(n)} Punkte`,
    resources: (totals: Resources) => `Rohstoffe: ${resources.map((r) => `${num(totals[r])} ${resourceLabels[r]}`).join(", ")}`,
    /** Units at home with a count above 0, in the game's order. */
    units: (counts: readonly (readonly [Unit, number])[]) =>
      `Einheiten: ${counts.length > 0 ? counts.map(([u, n]) => `${num(n)} ${unitLabels[u]}`).join(", ") : "keine"}`,
    summary: (parts: readonly string[]) => line("Inventur", parts),
  },
  minter: {
    minted: (coins: number, villages: number) => `${count(coins, "Münze", "Münzen")} in ${count(villages, "Dorf", "Dörfern")} geprägt`,
    nothingMinted: "keine Münze geprägt",
    one: "eine Münze",
    summary: (parts: readonly string[]) => line(labelOf("minter"), parts),
  },
  recruiter: {
    ordered: (units: readonly (readonly [Unit, number])[], villages: number) =>
      `${count(
        units.reduce((sum, [, n]) => sum + n, 0),
        "Einheit",
        "Einheiten",
      )} in ${count(villages, "Dorf", "Dörfern")} in Auftrag gegeben (${units.map(([u, n]) => `${de(n)} ${unitLabels[u]}`).join(", ")})`,
    nothingTargetsReached: "nichts in Auftrag gegeben (Ziele erreicht oder Rohstoffe unter der Reserve)",
    nothingOrdered: "nichts in Auftrag gegeben",
    untargeted: (byClass: readonly (readonly [TroopClass, number])[]) =>
      `${count(
        byClass.reduce((sum, [, n]) => sum + n, 0),
        "Dorf",
        "Dörfer",
      )} ohne passendes Ziel (${byClass.map(([c, n]) => `${troopClassLabels[c]}: ${de(n)}`).join(", ")})`,
    summary: (parts: readonly string[]) => line(labelOf("recruiter"), parts),
  },
  relogin: {
    succeeded: (attempt: number) => `Relogin erfolgreich (Versuch ${attempt})`,
    failed: (attempt: number, max: number, error: string) => `Relogin fehlgeschlagen (Versuch ${attempt}/${max}): ${error}`,
    gaveUp: (max: number) => `Relogin nach ${max} Versuchen aufgegeben`,
    captchaPaused: "Relogin: Bot-Schutz (Captcha) erkannt, Bot pausiert",
    captchaTabRequest: "Relogin: Bot-Schutz (Captcha) erkannt, Tab-Anfrage „Bot braucht dich“ gestellt: bitte im Spiel lösen",
  },
  renamer: {
    commandsUnreadable: (error: string) => `${labelOf("renamer")}: Befehle nicht lesbar: ${error}`,
    nameTooShort: "Name zu kurz",
    renamed: (villages: number) => `${count(villages, "Dorf", "Dörfer")} umbenannt`,
    allNamed: "alle Dörfer heißen schon nach Muster",
    notRenamed: (villages: number, error: string) => `${count(villages, "Dorf", "Dörfer")} nicht umbenannt: ${error}`,
    /** `examples`: the first few tags set. */
    tagged: (attacks: number, examples: readonly string[]) =>
      `${count(attacks, "Angriff", "Angriffe")} markiert (${examples.map((tag) => `„${tag}“`).join(", ")}${attacks > examples.length ? ", …" : ""})`,
    nothingToTag: "keine neuen Angriffe zu markieren",
    summary: (parts: readonly string[]) => line(labelOf("renamer"), parts),
  },
  research: {
    item: (unit: Unit, village: string) => `${unitLabels[unit]} in ${village}`,
    researched: (items: readonly string[]) => `${count(items.length, "Einheit", "Einheiten")} erforscht (${items.join(", ")})`,
    nothingResearched: "nichts Neues erforscht",
    summary: (parts: readonly string[]) => line(labelOf("research"), parts),
  },
  ressmover: {
    /** `merchants`: the merchants the shipments took (1,000 resources each). */
    moved: (moved: Resources, shipments: number, merchants: number) =>
      `${labelOf("ressmover")}: ${de(moved.wood + moved.stone + moved.iron)} Rohstoffe in ${count(shipments, "Lieferung", "Lieferungen")} verschoben (${count(merchants, "Händler", "Händler")}) · ${resources
        .filter((r) => moved[r] > 0)
        .map((r) => `${resourceLabels[r]} ${de(moved[r])}`)
        .join(", ")}`,
    nothingMoved: `${labelOf("ressmover")}: nichts zu verschieben`,
  },
  scavenge: {
    unavailable: `${labelOf("scavenge")}: Auf dieser Welt gibt es keine Raubzüge.`,
    sent: (squads: number, villages: number, units: number, haul: number) =>
      `${count(squads, "Raubzug", "Raubzüge")} in ${count(villages, "Dorf", "Dörfern")} geschickt (${count(units, "Einheit", "Einheiten")}), ${de(haul)} Rohstoffe erwartet`,
    nothingSent: "kein Raubzug geschickt",
    busy: (villages: number) => `${count(villages, "Dorf", "Dörfer")} ohne freie Option`,
    noUnits: (villages: number) => `${count(villages, "Dorf", "Dörfer")} ohne Truppen zum Schicken`,
    unlocking: (option: string, village: string) => `„${option}“ wird in ${village} freigeschaltet`,
    /** `clock`: server time HH:mm:ss. */
    nextReturn: (clock: string) => `nächste Rückkehr ${clock}`,
    summary: (parts: readonly string[]) => line(labelOf("scavenge"), parts),
  },
  simplefarm: {
    sendFailed: (village: string, x: number, y: number, error: string) =>
      `${labelOf("simplefarm")}: Farmangriff von ${village} auf ${x}|${y} nicht geschickt: ${error}`,
    mapUnreadable: (village: string, error: string) => `${labelOf("simplefarm")}: Karte um ${village} nicht lesbar: ${error}`,
    sent: (attacks: number, a: number, b: number, expected: number) =>
      `${count(attacks, "Farmangriff", "Farmangriffe")} geschickt (A: ${de(a)}, B: ${de(b)}), ${de(expected)} Rohstoffe erwartet`,
    noTroops: "keine Truppen für Vorlage A oder B zu Hause",
    noTargets: "keine Farmziele im Umkreis",
    noneSent: "keine Farmangriffe geschickt",
    reports: (reports: number, loot: number) => `${count(reports, "Bericht", "Berichte")} ausgewertet, ${de(loot)} Rohstoffe erbeutet`,
    skippedLosses: (targets: number) => `${count(targets, "Ziel", "Ziele")} wegen Verlusten übersprungen`,
    notDue: (targets: number) => `${count(targets, "Ziel", "Ziele")} noch nicht wieder voll`,
    summary: (parts: readonly string[]) => line(labelOf("simplefarm"), parts),
  },
  snobbuilder: {
    progress: (village: string, nobles: number, target: number) => `${village}: ${nobles} von ${target}`,
    ordered: (items: readonly string[]) => `${count(items.length, "Adelsgeschlecht", "Adelsgeschlechter")} in Auftrag gegeben (${items.join(", ")})`,
    nothingOrdered: "kein Adelsgeschlecht in Auftrag gegeben",
    reached: (villages: number) => `${count(villages, "Dorf hat", "Dörfer haben")} das Ziel`,
    waiting: (villages: number) => `${count(villages, "Dorf wartet", "Dörfer warten")} auf Rohstoffe oder Platz im Bauernhof`,
    summary: (parts: readonly string[]) => line(labelOf("snobbuilder"), parts),
  },
  templateassigner: {
    /** `perTemplate`: template name and villages, in the order first assigned. */
    assigned: (villages: number, perTemplate: readonly (readonly [string, number])[]) =>
      `${count(villages, "Dorf", "Dörfer")} zugewiesen${perTemplate.length > 0 ? ` (${perTemplate.map(([name, n]) => `„${name}“: ${n}`).join(", ")})` : ""}`,
    changes: (n: number) => count(n, "Änderung", "Änderungen"),
    unmatched: (villages: number) => `${count(villages, "Dorf", "Dörfer")} ohne passende Regel`,
    summary: (parts: readonly string[]) => line(labelOf("templateassigner"), parts),
  },
  timer: {
    breakStarted: (minutes: number) => `Timer: zufällige Pause für ${minutes} Minuten`,
    resting: "Timer: außerhalb der aktiven Zeit, der Bot ruht",
    working: "Timer: aktive Zeit, der Bot arbeitet",
  },
  vpbuilder: {
    stored: (packages: number, villages: number) => `${count(packages, "Paket", "Pakete")} in ${count(villages, "Dorf", "Dörfern")} eingelagert`,
    nothingStored: "kein Paket eingelagert",
    one: "ein Paket",
    summary: (parts: readonly string[]) => line(labelOf("vpbuilder"), parts),
  },
} as const;
