// A village's troops less what the tribe's supports hold or took since they were read.
import { describe, expect, it } from "vitest";
import { uncommitted } from "./tribe-defence-committed.js";

describe("uncommitted", () => {
  const readAt = Date.UTC(2031, 0, 1, 12);
  it("takes off supports still to leave and those sent after the troops were read, never below zero", () => {
    const left = uncommitted({ spear: 1000, sword: 300, axe: 50 }, [
      { units: { spear: 400 }, status: "planned", sendAt: readAt + 60_000 },
      { units: { sword: 500 }, status: "due", sendAt: readAt - 60_000 },
      { units: { spear: 100 }, status: "sent", sendAt: readAt + 1 },
    ], readAt);
    expect(left).toEqual({ spear: 500, sword: 0, axe: 50 });
  });

  it("keeps what a support sent before the read took already (the read no longer holds it)", () => {
    expect(uncommitted({ spear: 1000 }, [{ units: { spear: 400 }, status: "sent", sendAt: readAt - 1 }], readAt)).toEqual({ spear: 1000 });
    expect(uncommitted({ spear: 1000 }, undefined, readAt)).toEqual({ spear: 1000 });
  });
});
