// BB-code and plain text from templates with DS Workbench's variables: every variable's text as
// Torridity/dsworkbench's Attack.getReplacements writes it, the default templates' exact output, list
// markers, unknown variables, and values that look like variables.
import { describe, expect, it } from "vitest";
import { parseServerTime } from "../../game/server-time.js";
import type { World } from "../../world.js";
import { attackTimes } from "../attack.js";
import { speedOneUnitInfo } from "../test-arbitraries.js";
import {
  attackTemplateSchema,
  attackTextVariables,
  checkAttackTemplate,
  defaultBbCodeTemplate,
  defaultPlainTemplate,
  formatDswbRuntime,
  renderAttackText,
  type AttackTextRow,
} from "./text.js";

const at = (text: string) => {
  const parsed = parseServerTime(text, "Europe/Berlin");
  if (!parsed.ok) throw new Error(parsed.error);
  return parsed.value;
};

const world: World = { server: "die-staemme.de", world: "de230" };

const rows: AttackTextRow[] = [
  {
    from: { x: 500, y: 500 },
    to: { x: 503, y: 504 },
    type: "wallbreaker",
    units: { axe: 100, ram: 5 },
    unit: "ram",
    arrival: at("24.12.25 18:00:00:123"),
    sendTime: at("24.12.25 15:30:00:123"),
    priority: 3,
    attacker: "Kalle",
    defender: null,
    fromVillageId: 101,
    toVillageId: 202,
  },
  {
    from: { x: 510, y: 490 },
    to: { x: 503, y: 504 },
    type: "support",
    units: { spear: 50 },
    unit: "spear",
    arrival: at("24.12.25 18:00:01:000"),
    sendTime: at("24.12.25 13:00:00:000"),
    priority: 3,
    attacker: "Kalle",
    defender: "Otto",
  },
];

const link = "https://de230.die-staemme.de/game.php?village=101&screen=place&target=202&axe=100&ram=5";

function ok(result: { ok: true; value: string } | { ok: false; errors: string[] }): string {
  if (!result.ok) throw new Error(result.errors.join("\n"));
  return result.value;
}

describe("renderAttackText", () => {
  it("writes the default BB-code table with a header row and one row per attack", () => {
    expect(ok(renderAttackText(rows, { template: defaultBbCodeTemplate, format: "bbcode", timeZone: "Europe/Berlin", world }))).toBe(
      "[b]Angriffsplan[/b]\n" +
        "Anzahl der Befehle: 2\n" +
        "[table]\n" +
        "[**]Nr.[||]Typ[||]Angreifer[||]Startdorf[||]Einheit[||]Verteidiger[||]Zieldorf[||]Abschickzeit[||]Ankunftszeit[||]Versammlungsplatz[/**]\n" +
        `[*]1[|]Angriff[|][player]Kalle[/player][|][coord]500|500[/coord][|][unit]ram[/unit][|]Barbaren[|][coord]503|504[/coord][|]24.12.25 um 15:30:00.[size=8]123[/size][|]24.12.25 um 18:00:00.[size=8]123[/size][|][url="${link}"]Versammlungsplatz[/url][/*]\n` +
        "[*]2[|]Unterstützung[|][player]Kalle[/player][|][coord]510|490[/coord][|][unit]spear[/unit][|][player]Otto[/player][|][coord]503|504[/coord][|]24.12.25 um 13:00:00.[size=8]000[/size][|]24.12.25 um 18:00:01.[size=8]000[/size][|][/*]\n" +
        "[/table]",
    );
  });

  it("writes the default plain text without BB-codes", () => {
    expect(ok(renderAttackText(rows, { template: defaultPlainTemplate, format: "plain", timeZone: "Europe/Berlin", world }))).toBe(
      "Angriffsplan (2 Befehle)\n" +
        `1. Angriff von Kalle aus 500|500 mit Rammbock auf Barbaren in 503|504: abschicken am 24.12.25 um 15:30:00.123, Ankunft am 24.12.25 um 18:00:00.123 – ${link}\n` +
        "2. Unterstützung von Kalle aus 510|490 mit Speerträger auf Otto in 503|504: abschicken am 24.12.25 um 13:00:00.000, Ankunft am 24.12.25 um 18:00:01.000 – \n",
    );
  });

  it("repeats a template without list markers once per attack, DS Workbench's place link included", () => {
    const template = "%TYPE% %SOURCE% -> %TARGET% (%PLACE%)";
    expect(ok(renderAttackText(rows.slice(0, 1), { template, format: "plain", timeZone: "Europe/Berlin", world }))).toBe(`Angriff 500|500 -> 503|504 (${link})\n`);
    expect(ok(renderAttackText(rows.slice(0, 1), { template, format: "plain", timeZone: "Europe/Berlin" }))).toBe("Angriff 500|500 -> 503|504 ()\n");
  });

  it("does not expand variables inside values (a player named %TYPE%)", () => {
    const row = { ...(rows[0] as AttackTextRow), attacker: "%TYPE%" };
    expect(ok(renderAttackText([row], { template: "%ATTACKER%/%TYPE%", format: "plain", timeZone: "Europe/Berlin" }))).toBe("%TYPE%/Angriff\n");
  });

  it("keeps BB code out of hostile player names: brackets become inert look-alikes, without a [player] tag", () => {
    const row = { ...(rows[1] as AttackTextRow), attacker: "[url=http://evil]x[/url]", defender: "Otto[/player][b]" };
    const text = ok(renderAttackText([row], { template: "%ATTACKER% > %DEFENDER%", format: "bbcode", timeZone: "Europe/Berlin" }));
    expect(text).toBe("\uFF3Burl=http://evil\uFF3Dx\uFF3B/url\uFF3D > Otto\uFF3B/player\uFF3D\uFF3Bb\uFF3D\n");
    expect(text).not.toMatch(/[[\]]/);
    // Plain text has no tags to inject: names stay as they are.
    expect(ok(renderAttackText([row], { template: "%ATTACKER%", format: "plain", timeZone: "Europe/Berlin" }))).toBe("[url=http://evil]x[/url]\n");
  });

  it("reports unknown variables and misplaced list markers in German instead of a text", () => {
    expect(renderAttackText(rows, { template: "%TYPE% %FOO% %BAR% %FOO% 50% und 20%", format: "plain", timeZone: "Europe/Berlin" })).toEqual({
      ok: false,
      errors: ["Unbekannte Variable %FOO%.", "Unbekannte Variable %BAR%."],
    });
    const markers = "%LIST_START% und %LIST_END% müssen entweder beide genau einmal vorkommen (%LIST_START% zuerst) oder beide fehlen.";
    expect(checkAttackTemplate("%LIST_END%%TYPE%%LIST_START%")).toEqual([markers]);
    expect(checkAttackTemplate("%LIST_START%%TYPE%")).toEqual([markers]);
    expect(checkAttackTemplate(defaultBbCodeTemplate)).toEqual([]);
    expect(checkAttackTemplate(defaultPlainTemplate)).toEqual([]);
  });

  it("writes every variable as DS Workbench's Attack.getReplacements does (BB code)", () => {
    const row: AttackTextRow = {
      ...(rows[0] as AttackTextRow),
      type: "conquer",
      units: { snob: 1 },
      unit: "snob",
      defender: "Otto",
      attackerTribe: { tag: "KFC", name: "Kalles Freunde" },
      defenderTribe: null,
    };
    const template = Object.keys(attackTextVariables)
      .filter((name) => name !== "%LIST_START%" && name !== "%LIST_END%")
      .join("\n");
    const expected = [
      "Angriff (AG)", // %TYPE%: the noble symbol's text
      "AG", // %STD_NAME%: StandardAttackManager.SNOB_TYPE_NAME
      "[unit]snob[/unit]",
      "[player]Kalle[/player]",
      "[coord]500|500[/coord]",
      "Kalle", // %ATTACKER_NO_BB%: Tribe.getName()
      "(500|500)", // %SOURCE_NO_BB%: Village.getCoordAsString()
      "[ally]KFC[/ally]", // Ally.toBBCode()
      "KFC",
      "Kalles Freunde",
      "[player]Otto[/player]",
      "[coord]503|504[/coord]",
      "Otto",
      "(503|504)",
      "[ally]-[/ally]", // NoAlly: tag "-", name "Kein Stamm"
      "-",
      "Kein Stamm",
      "24.12.25 um 15:30:00.[size=8]123[/size]", // "dd.MM.yy 'um' HH:mm:ss.'[size=8]'SSS'[/size]'"
      "24.12.25 um 18:00:00.[size=8]123[/size]",
      "002:30:00.000", // %RUNTIME%: DurationFormatUtils "HHH:mm:ss.SSS"
      '[url="https://de230.die-staemme.de/game.php?village=101&screen=place&target=202&snob=1"]Versammlungsplatz[/url]',
      "https://de230.die-staemme.de/game.php?village=101&screen=place&target=202&snob=1",
      "1", // %ELEMENT_ID%
      "1", // %ELEMENT_COUNT%
    ];
    expect(Object.keys(attackTextVariables)).toHaveLength(26);
    expect(ok(renderAttackText([row], { template, format: "bbcode", timeZone: "Europe/Berlin", world }))).toBe(`${expected.join("\n")}\n`);
  });

  it("names a barbarian village's owner \"Barbaren\" in every player variable, with no tribe", () => {
    const row = { ...(rows[0] as AttackTextRow), attacker: "Kalle", defender: null };
    const text = ok(renderAttackText([row], { template: "%DEFENDER%|%DEFENDER_NO_BB%|%DEFENDER_ALLY%|%DEFENDER_ALLY_NAME%|%STD_NAME%", format: "bbcode", timeZone: "Europe/Berlin" }));
    // A wall breaker has no standard attack of its own in DS Workbench: "Unbenannt".
    expect(text).toBe("Barbaren|Barbaren|[ally]-[/ally]|Kein Stamm|Unbenannt\n");
  });

  it("keeps tribe tags and names inert in BB code, as player names", () => {
    const row = { ...(rows[0] as AttackTextRow), attackerTribe: { tag: "[b]X", name: "[url=http://evil]Y" } };
    const text = ok(renderAttackText([row], { template: "%ATTACKER_ALLY% %ATTACKER_ALLY_NO_BB% %ATTACKER_ALLY_NAME%", format: "bbcode", timeZone: "Europe/Berlin" }));
    expect(text).toBe("\uFF3Bb\uFF3DX \uFF3Bb\uFF3DX \uFF3Burl=http://evil\uFF3DY\n");
  });

  it("writes header and footer for an empty selection", () => {
    expect(ok(renderAttackText([], { template: "Start %ELEMENT_COUNT%\n%LIST_START%%TYPE%%LIST_END%Ende", format: "bbcode", timeZone: "Europe/Berlin" }))).toBe("Start 0\nEnde");
  });
});

describe("%RUNTIME%, %SEND% and %ARRIVE% as today's DS Workbench writes them", () => {
  it("writes the travel time as DS Workbench's three attacks worked out by hand", () => {
    // DS Workbench: DurationFormatUtils.formatDuration(Attack.getRuntime(), "HHH:mm:ss.SSS", true), the
    // runtime DSCalculator.calculateMoveTimeInMillis = round(distance × minutes per field × 60000) on a
    // world with milliseconds; unit speeds of a world with speed × unit speed = 1 (ram 30, spy 9, noble 35).
    // 1. 500|500 → 503|504, ram:   distance √(3² + 4²) = 5;       5 × 30 = 150 min = 2 h 30 min
    // 2. 500|500 → 500|501, spy:   distance 1;                    1 × 9 = 9 min
    // 3. 500|500 → 620|660, noble: distance √(120² + 160²) = 200; 200 × 35 = 7000 min = 116 h 40 min
    const expected = ["002:30:00.000", "000:09:00.000", "116:40:00.000"];
    const attacks = [
      { to: { x: 503, y: 504 }, units: { ram: 5 } },
      { to: { x: 500, y: 501 }, units: { spy: 1 } },
      { to: { x: 620, y: 660 }, units: { snob: 1 } },
    ];
    const arrival = at("24.12.25 18:00:00:123");
    const timed: AttackTextRow[] = attacks.map(({ to, units }) => {
      const times = attackTimes({ from: { x: 500, y: 500 }, to, units, arrival, unitInfo: speedOneUnitInfo });
      return { from: { x: 500, y: 500 }, to, type: "attack", units, unit: times.unit, arrival, sendTime: times.sendTime, priority: 3 };
    });
    expect(ok(renderAttackText(timed, { template: "%RUNTIME%", format: "bbcode", timeZone: "Europe/Berlin" }))).toBe(`${expected.join("\n")}\n`);
  });

  it("pads the hours to three digits at least and keeps the milliseconds (DurationFormatUtils with padding)", () => {
    expect(formatDswbRuntime(0)).toBe("000:00:00.000");
    expect(formatDswbRuntime(59_999)).toBe("000:00:59.999");
    // 12 h 34 min 56.789 s = 12 × 3600000 + 34 × 60000 + 56789 = 45296789 ms
    expect(formatDswbRuntime(45_296_789)).toBe("012:34:56.789");
    expect(formatDswbRuntime(1000 * 3_600_000)).toBe("1000:00:00.000");
  });

  it("writes %SEND% and %ARRIVE% in the same pattern, without milliseconds on a world without them", () => {
    const row = rows[0] as AttackTextRow;
    const template = "%SEND% / %ARRIVE%";
    expect(ok(renderAttackText([row], { template, format: "plain", timeZone: "Europe/Berlin" }))).toBe("24.12.25 um 15:30:00.123 / 24.12.25 um 18:00:00.123\n");
    for (const format of ["plain", "bbcode"] as const) {
      expect(ok(renderAttackText([row], { template, format, timeZone: "Europe/Berlin", millisArrival: false }))).toBe("24.12.25 um 15:30:00 / 24.12.25 um 18:00:00\n");
    }
  });

  it("names the types DS Workbench has beyond ours as it does (no type -1, the spy symbol 4)", () => {
    const none = { ...(rows[0] as AttackTextRow), type: "attack" as const, dswb: { type: -1 } };
    const spy = { ...none, dswb: { type: 4 } };
    const template = "%TYPE%|%STD_NAME%";
    expect(ok(renderAttackText([none, spy], { template, format: "plain", timeZone: "Europe/Berlin" }))).toBe("Angriff|Keine Auswahl\nAngriff|Unbenannt\n");
  });
});

describe("attackTemplateSchema", () => {
  it("accepts the defaults and refuses unknown variables and NUL bytes in German", () => {
    expect(attackTemplateSchema.safeParse(defaultBbCodeTemplate).success).toBe(true);
    expect(attackTemplateSchema.safeParse("%TYP%").error?.issues.map((i) => i.message)).toEqual(["Unbekannte Variable %TYP%."]);
    expect(attackTemplateSchema.safeParse("a\u0000").error?.issues[0]?.message).toBe("Enthält unzulässige Zeichen (z. B. ein Nullbyte)");
  });
});
