import { describe, expect, it } from "vitest";
import { renamerIncomingTag, renamerModuleSchema, renamerPlaceholders, renamerVillageName } from "./renamer.js";

const villageAllowed = "Erlaubt: {K}, {x}, {y}, {nr}";
const incomingAllowed = "Erlaubt: {unit}, {arrival}";

function messages(input: Record<string, unknown>): { path: string; message: string }[] {
  const result = renamerModuleSchema.safeParse(input);
  return result.success ? [] : result.error.issues.map((i) => ({ path: i.path.join("."), message: i.message }));
}

describe("renamer pattern placeholders", () => {
  it("lists the placeholders of each pattern field", () => {
    expect(renamerPlaceholders).toEqual({
      villagePattern: ["{K}", "{x}", "{y}", "{nr}"],
      incomingPattern: ["{unit}", "{arrival}"],
    });
  });

  it.each(["{K} {nr}", "{K}|{x}|{y}", "Dorf {nr}", "Ohne Platzhalter", "{nr}{nr}"])("accepts the village pattern %s", (pattern) => {
    expect(messages({ villagePattern: pattern })).toEqual([]);
  });

  it.each(["{unit} {arrival}", "{arrival}", "Angriff {unit}"])("accepts the incoming pattern %s", (pattern) => {
    expect(messages({ incomingPattern: pattern })).toEqual([]);
  });

  it.each([
    ["{foo}", "{foo}"],
    ["{k} {nr}", "{k}"],
    ["{unit} {nr}", "{unit}"],
    ["{arrival}", "{arrival}"],
    ["{ K }", "{ K }"],
    ["{}", "{}"],
  ])("refuses %s in the village pattern, naming %s", (pattern, token) => {
    expect(messages({ villagePattern: pattern })).toEqual([
      { path: "villagePattern", message: `Unbekannter Platzhalter: ${token}. ${villageAllowed}` },
    ]);
  });

  it.each(["{K}", "{x}", "{y}", "{nr}", "{Unit}"])("refuses %s in the incoming pattern", (token) => {
    expect(messages({ incomingPattern: `${token} {arrival}` })).toEqual([
      { path: "incomingPattern", message: `Unbekannter Platzhalter: ${token}. ${incomingAllowed}` },
    ]);
  });

  it("names every unknown placeholder once", () => {
    expect(messages({ villagePattern: "{a}{K}{b}{a}" })).toEqual([
      { path: "villagePattern", message: `Unbekannte Platzhalter: {a}, {b}. ${villageAllowed}` },
    ]);
  });

  it.each(["{K", "K}", "{K} {nr", "{{K}}", "{K}}", "}{"])("refuses the unmatched brace in %s", (pattern) => {
    expect(messages({ villagePattern: pattern })).toEqual([
      { path: "villagePattern", message: `Klammer { oder } ohne Gegenstück. ${villageAllowed}` },
    ]);
    expect(messages({ incomingPattern: pattern })[0]?.message).toBe(`Klammer { oder } ohne Gegenstück. ${incomingAllowed}`);
  });

  it("keeps the defaults valid", () => {
    expect(renamerModuleSchema.parse({})).toMatchObject({ villagePattern: "{K} {nr}", incomingPattern: "{unit} {arrival}" });
  });
});

describe("renamer naming rules (shared by the runner and the dashboard's preview)", () => {
  const config = { villagePattern: "{K} {nr}", startNumber: 7, numberDigits: 3 };

  it("names a village from the pattern, with the running number or a mask in its place", () => {
    expect(renamerVillageName(config, { x: 512, y: 487 }, 2)).toBe("K45 009");
    expect(renamerVillageName(config, { x: 512, y: 487 }, 2, "###")).toBe("K45 ###");
    expect(renamerVillageName({ ...config, villagePattern: "{x}|{y} Nordfront Hauptdorf Nummer {nr}" }, { x: 512, y: 487 }, 0)).toBe("512|487 Nordfront Hauptdorf Numm");
  });

  it("tags an incoming with the likely speed group and the arrival on the server clock", () => {
    const arrival = Date.UTC(2026, 0, 5, 13, 30, 0, 250);
    expect(renamerIncomingTag("{unit} {arrival}", ["spear", "axe"], arrival)).toBe("Speerträger/Axtkämpfer 14:30:00:250");
    expect(renamerIncomingTag("{unit}", null, arrival)).toBe("?");
    expect(renamerIncomingTag("{arrival}", [], arrival, "Europe/London")).toBe("13:30:00:250");
  });
});
