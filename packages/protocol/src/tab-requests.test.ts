// A tab request's text: its cause plus what the player can still do — send it before its send time, or
// know it cannot land as planned after it — in an attack's or a support's words.
import { describe, expect, it } from "vitest";
import { tabRequestMessages, tabRequestText } from "./tab-requests.js";

describe("tabRequestText", () => {
  const now = Date.UTC(2026, 10, 29, 12);
  it("asks to send an attack before its send time and says it cannot land as planned after it", () => {
    const attack = { cause: tabRequestMessages.noBot, attack: { sendTime: now + 60_000, type: "attack" as const } };
    expect(tabRequestText(attack, now)).toBe("Kein laufender Bot kann diesen Angriff schicken. Bitte schicke ihn selbst.");
    expect(tabRequestText({ ...attack, attack: { ...attack.attack, sendTime: now - 1 } }, now)).toBe(
      "Kein laufender Bot kann diesen Angriff schicken. Die Abschickzeit ist vorbei – der Angriff kann nicht mehr wie geplant ankommen.",
    );
  });

  it("speaks of a support as a support", () => {
    const support = { cause: tabRequestMessages.missingUnits("Nicht genügend Einheiten in 500|500: Speerträger (20 fehlen)"), attack: { sendTime: now + 60_000, type: "support" as const } };
    expect(tabRequestText(support, now)).toBe(
      "Der Bot konnte die Unterstützung nicht schicken: Nicht genügend Einheiten in 500|500: Speerträger (20 fehlen). Bitte schicke sie selbst.",
    );
    expect(tabRequestText({ cause: tabRequestMessages.noBot, attack: { sendTime: now - 1, type: "support" } }, now)).toBe(
      "Kein laufender Bot kann diese Unterstützung schicken. Die Abschickzeit ist vorbei – die Unterstützung kann nicht mehr wie geplant ankommen.",
    );
  });

  it("is the cause alone for a bot that needs its player", () => {
    expect(tabRequestText({ cause: "Der Bot braucht dich im Spiel: Bot-Schutz.", attack: null }, now)).toBe("Der Bot braucht dich im Spiel: Bot-Schutz.");
  });
});
