// The German texts of attack plans (validation, import errors, planner reasons) in one place; labels of
// types and statuses sit next to their enums in attack.ts.

export const attackMessages = {
  type: "Unbekannter Angriffstyp",
  status: "Unbekannter Status",
  priority: "Die Priorität muss eine ganze Zahl von 1 bis 5 sein.",
  arrival: "Bitte gib eine gültige Ankunftszeit an.",
  arrivalRange: "Die Ankunftszeit muss zwischen dem 01.01.2000 und dem 31.12.2099 liegen.",
  noUnits: "Mindestens eine Einheit mit einer Anzahl über 0 angeben (oder die Einheit ausdrücklich wählen).",
  unitNotSlowest: (slowest: string) => `Die Einheit muss die langsamste mitgeschickte sein (hier: ${slowest}).`,
  sameVillage: "Start- und Zieldorf dürfen nicht gleich sein.",
  notObject: "Erwartet ein Objekt mit den Feldern eines Angriffs.",
  unitsShape: "Die Einheiten müssen ein Objekt aus Einheit und Anzahl sein (z. B. {\"axe\": 100}).",
  unknownUnits: (names: string[]) => `Unbekannte Einheit: ${names.join(", ")}.`,
  formulaShape: "Die Formeln müssen ein Objekt aus Einheit und Formel sein (z. B. {\"axe\": \"alle-100\"}).",
  formulaConstant: "Eine Formel muss alle, fake, rnd oder ein % enthalten – eine feste Zahl gehört zu den Einheiten.",
  formulaAndCount: (labels: string[]) => `Für ${labels.join(", ")} ist eine Anzahl und eine Formel angegeben – bitte nur eins.`,
  trainType: "Ein Adelszug besteht aus Adelungen: wähle den Typ „Adelung“.",
  trainNoble: "Jeder Angriff eines Adelszugs braucht ein Adelsgeschlecht.",
  trainNobles: (max: number) => `Ein Adelszug hat 1 bis ${max} Adelsgeschlechter.`,
  trainSpacing: (min: number, max: number) => `Der Abstand muss eine ganze Zahl von ${min} bis ${max} ms sein.`,
  trainClearUnits: "Der Clear-Angriff braucht mindestens eine Einheit mit einer Anzahl über 0.",
} as const;

/** German names of an attack's fields, used to say where an imported value is wrong. */
export const attackFieldLabels: Record<string, string> = {
  from: "Startdorf",
  to: "Zieldorf",
  type: "Typ",
  units: "Einheiten",
  unit: "Einheit",
  arrival: "Ankunft",
  priority: "Priorität",
};

export const importMessages = {
  line: (line: number) => `Zeile ${line}`,
  entry: (entry: number) => `Eintrag ${entry}`,
  empty: "Keine Angriffe gefunden.",
  tooMany: (max: number) => `Höchstens ${max} Angriffe auf einmal.`,
  moreErrors: (n: number) => (n === 1 ? "… und 1 weiterer Fehler." : `… und ${n} weitere Fehler.`),
  // DS Workbench
  dswbMultiplier: (text: string, max: number) => `Anzahl: „${text}“ ist keine ganze Zahl von 1 bis ${max}.`,
  dswbVillageId: (what: string, text: string) => `${what}: „${text}“ ist keine Dorf-ID.`,
  dswbUnknownVillage: (what: string, id: number) => `${what} mit der ID ${id} gibt es auf dieser Welt nicht.`,
  dswbArrival: (text: string) => `Ankunft: „${text}“ ist keine Zeit in Millisekunden.`,
  dswbType: (text: string) => `Typ: „${text}“ ist keine Zahl.`,
  dswbTroopBase64: (label: string) => `Truppen: die Anzahl für ${label} ist kein gültiges Base64.`,
  dswbTroopFormula: (label: string, text: string, reason: string) => `Truppen: die Formel für ${label} („${text}“) geht nicht: ${reason}`,
  exportUnknownVillage: (entry: number, what: string, coord: string) => `Angriff ${entry}: ${what} ${coord} gibt es auf dieser Welt nicht.`,
  // JSON
  json: (detail: string) => `Keine gültige JSON-Datei (${detail}).`,
  jsonFormat: "Das ist kein dsbot-Angriffsplan (Feld „format“ fehlt oder ist falsch).",
  jsonVersion: (found: string, max: number) => `Version ${found} wird nicht unterstützt (höchstens ${max}).`,
  jsonAttacks: "Feld „attacks“ muss eine Liste sein.",
  jsonMeta: (field: string) => `Feld „${field}“ ist ungültig.`,
  // CSV
  csvQuote: "Anführungszeichen wird nicht geschlossen.",
  csvHeader: "Die erste Zeile muss die Spaltenüberschriften enthalten.",
  csvUnknownColumn: (name: string) => `Unbekannte Spalte „${name}“.`,
  csvDuplicateColumn: (name: string) => `Spalte „${name}“ kommt mehrfach vor.`,
  csvMissingColumn: (name: string) => `Spalte „${name}“ fehlt.`,
  csvColumns: (expected: number, found: number) => `erwartet ${expected} Spalten, gefunden ${found}.`,
  csvType: (text: string) => `Typ: „${text}“ ist kein Angriffstyp.`,
  csvUnit: (text: string) => `Einheit: „${text}“ ist keine Einheit.`,
  csvCount: (label: string, text: string) => `${label}: „${text}“ ist keine ganze Zahl ab 0.`,
  csvArrival: (text: string) => `Ankunft: „${text}“ ist keine Zeit im Format TT.MM.JJ HH:mm:ss:SSS.`,
  /** A time in the right format that the zone's clock never shows (the skipped spring hour) or an impossible date. */
  csvArrivalReason: (text: string, reason: string) => `Ankunft: „${text}“: ${reason}`,
  csvArrivalMs: (text: string) => `Ankunft (ms): „${text}“ ist keine Zeit in Millisekunden.`,
  csvNoArrival: "Ankunft fehlt.",
  csvPriority: (text: string) => `Priorität: „${text}“ ist keine Zahl.`,
} as const;

export const templateMessages = {
  unknownVariable: (name: string) => `Unbekannte Variable ${name}.`,
  listMarkers: "%LIST_START% und %LIST_END% müssen entweder beide genau einmal vorkommen (%LIST_START% zuerst) oder beide fehlen.",
  tooLong: (max: number) => `Die Vorlage ist zu lang (höchstens ${max} Zeichen).`,
} as const;

/** A count with German thousands separators (50.000). */
const de = (n: number) => n.toLocaleString("de-DE");

export const plannerMessages = {
  noAttackers: "Keine Angreiferdörfer angegeben.",
  noTemplate: (type: string) => `Keine Truppenvorlage für „${type}“.`,
  nightOnly: "Das Ankunftsfenster liegt vollständig im Nachtbonus.",
  troops: "Kein Angreiferdorf hat noch genug Truppen für die Vorlage.",
  used: "Alle passenden Angreiferdörfer sind schon verplant.",
  late: "Kein freies Dorf erreicht das Ziel noch im Ankunftsfenster.",
  nobleRange: (fields: number) => `Kein Dorf mit Adelsgeschlechtern liegt in Adelsreichweite (${fields} Felder).`,
  sameVillage: "Das einzige passende Dorf ist das Ziel selbst.",
  unknownTroops: "Adelsgeschlechter gehen nur von Dörfern mit bekannten Truppen aus (Scan eines Bots); Dörfer ohne Scan lassen sich in den Einstellungen erlauben.",
  noRoomForNobles:
    "Diese Adelsgeschlechter passen nicht in den Adelszug: Im Ankunftsfenster ist kein Platz, an dem sie direkt nacheinander hinter den Clear-Angriffen ankommen (Dorf zu weit entfernt, Fenster zu kurz oder Nachtbonus).",
  window: "Das Ende des Ankunftsfensters muss nach dem Anfang liegen.",
  windowLength: (days: number) => `Das Ankunftsfenster darf höchstens ${days} Tage lang sein.`,
  tooManyVillages: (max: number) => `Höchstens ${max} Dörfer.`,
  count: (max: number) => `Je Ziel und Typ höchstens ${max} Angriffe.`,
  windowPast: "Das Ankunftsfenster ist schon vorbei: Kein Angriff kann vor seinem Ende ankommen. Bitte ein späteres Fenster wählen.",
  tooManyAttacks: (asked: number, max: number) =>
    `Zu viele Angriffe angefragt (${de(asked)}): höchstens ${de(max)} je Planung. Bitte weniger Ziele oder Angriffe je Typ wählen.`,
  tooMuchWork: (attackers: number, targets: number, types: number, max: number) =>
    `Die Planung ist zu groß: ${de(attackers)} Angreiferdörfer × ${de(targets)} Ziele × ${types} Typen; höchstens ${de(max)}. Bitte weniger Angreifer, Ziele oder Typen wählen.`,
  timeout: (seconds: number) => `Die Planung hat länger als ${de(seconds)} Sekunden gedauert und wurde abgebrochen. Bitte weniger Angreifer, Ziele oder Angriffe je Typ wählen.`,
  memory: "Die Planung braucht zu viel Speicher und wurde abgebrochen. Bitte weniger Angreifer, Ziele oder Angriffe je Typ wählen.",
  defendNeedsBots: "Unterstützungen für „Verteidigen“ schicken deine Bots: Bitte mindestens einen Bot auf dieser Welt wählen.",
  defendTooLate: "Der Angriff landet zu bald: Keine Unterstützung kann noch rechtzeitig losgeschickt werden. Eine Unterstützung braucht mindestens eine Minute Vorlauf und ihren Weg.",
  running: "Es läuft schon eine Planung von dir. Bitte warte, bis sie fertig ist.",
  busy: "Der Planer ist gerade ausgelastet. Bitte versuche es gleich noch einmal.",
} as const;
