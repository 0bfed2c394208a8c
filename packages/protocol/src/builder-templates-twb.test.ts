// TWB's builder templates with several steps on a line: TWB splits the file at any whitespace
// (twb/core/templates.py), so `main:2 barracks:1` is two steps.
import { describe, expect, it } from "vitest";
import { formatBuilderText, parseBuilderImport, parseBuilderText } from "./index.js";

describe("TWB builder text with several steps on a line", () => {
  it("reads each space-separated step in order, as TWB does", () => {
    const parsed = parseBuilderText("wood:1 stone:1 iron:1\nmain:2\tbarracks:1\n  farm:2   storage:2  ");
    expect(parsed).toEqual({
      ok: true,
      steps: [
        { building: "wood", level: 1 },
        { building: "stone", level: 1 },
        { building: "iron", level: 1 },
        { building: "main", level: 2 },
        { building: "barracks", level: 1 },
        { building: "farm", level: 2 },
        { building: "storage", level: 2 },
      ],
    });
    // Written back one step per line, which TWB reads the same.
    if (parsed.ok) expect(formatBuilderText(parsed.steps)).toBe("wood:1\nstone:1\niron:1\nmain:2\nbarracks:1\nfarm:2\nstorage:2");
    expect(parseBuilderImport("main:3 wall:1")).toEqual({ ok: true, name: null, steps: [{ building: "main", level: 3 }, { building: "wall", level: 1 }] });
  });

  it("still allows spaces around the colon, and names the bad piece with its line", () => {
    expect(parseBuilderText("Wood : 2 main: 3")).toEqual({ ok: true, steps: [{ building: "wood", level: 2 }, { building: "main", level: 3 }] });
    expect(parseBuilderText("wood:1\nmain:2 castle:1 farm:x")).toEqual({
      ok: false,
      errors: [
        "Zeile 2: „castle“ ist kein Gebäude. Erlaubt sind: main, barracks, stable, garage, church, church_f, watchtower, snob, smith, place, statue, market, wood, stone, iron, farm, storage, hide, wall.",
        "Zeile 2: „x“ ist keine Stufe von 1 bis 30.",
      ],
    });
    expect(parseBuilderText("main:2 stone")).toEqual({ ok: false, errors: ["Zeile 1: „stone“ ist kein Bauschritt im Format „Gebäude:Stufe“ (z. B. „main:2“)."] });
  });
});
