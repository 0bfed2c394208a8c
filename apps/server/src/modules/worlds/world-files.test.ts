// The parsers of the game's world files; the XML answers are the protocol's (game/).
import { gzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { isGzip, MAX_LINE_LENGTH, MAX_RECORDS, PARSE_CHUNK_LINES, WorldFileError, worldFileText } from "./world-files.js";
import { parseAllies, parsePlayers, parseVillages, parseWorldFileInChunks } from "./world-records.js";

const village = (line: string) => parseVillages(line);
const failure = (run: () => unknown) => {
  try {
    run();
  } catch (error) {
    expect(error).toBeInstanceOf(WorldFileError);
    return (error as WorldFileError).message;
  }
  throw new Error("no error");
};

describe("village.txt", () => {
  it("reads id, name, x, y, player, points and bonus", () => {
    expect(village("3,008+Mefisto,500,507,848979196,2431,0")).toEqual([
      { id: 3, name: "008 Mefisto", x: 500, y: 507, playerId: 848979196, points: 2431, bonusId: 0 },
    ]);
  });

  it("decodes names: %C5%9B is ś, + is a space, %2B a plus", () => {
    const [v] = village("2,go%C5%9Bcinnie+FAQju+%2B1,1,2,0,26,4");
    expect(v?.name).toBe("gościnnie FAQju +1");
    expect(v?.playerId).toBe(0);
    expect(v?.bonusId).toBe(4);
  });

  it("counts records, not newlines: with or without a final newline, LF or CRLF", () => {
    const lines = ["1,A,1,1,0,10,0", "2,B,2,2,0,20,0", "3,C,3,3,0,30,0"];
    for (const text of [lines.join("\n"), `${lines.join("\n")}\n`, lines.join("\r\n"), `${lines.join("\r\n")}\r\n`]) {
      expect(parseVillages(text).map((v) => v.name)).toEqual(["A", "B", "C"]);
    }
    expect(parseVillages("")).toEqual([]);
    expect(parseVillages("\n")).toEqual([]);
  });

  it("rejects a malformed line with the file and its 1-based line number", () => {
    const text = ["1,A,1,1,0,10,0", "2,B,2,2,0,20,0", "3,C,3,3,0,30"].join("\n");
    expect(failure(() => parseVillages(text))).toBe("village.txt, Zeile 3: erwartet 7 Felder (id,name,x,y,player,points,bonus_id), gefunden 6.");
    expect(failure(() => parseVillages("1,A,1,1,0,10,0\n\n2,B,2,2,0,20,0"))).toBe("village.txt, Zeile 2: die Zeile ist leer.");
  });

  it("checks value ranges: coordinates 0..999, ids positive, numbers whole and within integer range", () => {
    expect(failure(() => village("1,A,1000,1,0,10,0"))).toBe("village.txt, Zeile 1: x muss zwischen 0 und 999 liegen (ist 1000).");
    expect(failure(() => village("1,A,1,-1,0,10,0"))).toBe('village.txt, Zeile 1: y ist keine ganze Zahl ("-1").');
    expect(failure(() => village("0,A,1,1,0,10,0"))).toBe("village.txt, Zeile 1: id muss zwischen 1 und 2147483647 liegen (ist 0).");
    expect(failure(() => village("1,A,1,1,0,1.5,0"))).toBe('village.txt, Zeile 1: points ist keine ganze Zahl ("1.5").');
    expect(failure(() => village("1,A,1,1,2147483648,10,0"))).toMatch(/player muss zwischen 0 und 2147483647/);
    expect(failure(() => village("1,A,1,1,0,,0"))).toBe("village.txt, Zeile 1: kein Wert für points.");
    expect(failure(() => village("1,A,1,1,0,10,256"))).toMatch(/bonus_id muss zwischen 0 und 255/);
  });

  it("rejects malformed %-sequences, NUL bytes in names and repeated ids", () => {
    expect(failure(() => village("1,100%+sicher,1,1,0,10,0"))).toBe('village.txt, Zeile 1: name ist nicht richtig URL-kodiert ("100%+sicher").');
    expect(failure(() => village("1,%E0%A4%A,1,1,0,10,0"))).toMatch(/nicht richtig URL-kodiert/);
    // Quoted values lose double quotes and control characters, so a message always reads cleanly.
    expect(failure(() => village('1,%"x\u0001,1,1,0,10,0'))).toBe(`village.txt, Zeile 1: name ist nicht richtig URL-kodiert ("%'x?").`);
    expect(failure(() => village("1,a%00b,1,1,0,10,0"))).toMatch(/Zeile 1: name enthält unzulässige Zeichen/);
    expect(failure(() => parseVillages("5,A,1,1,0,10,0\n6,B,1,2,0,10,0\n5,C,1,3,0,10,0"))).toBe("village.txt, Zeile 3: die ID 5 steht schon in Zeile 1.");
  });
});

describe("hostile files", () => {
  it("refuses a line longer than the limit before cutting it into fields", () => {
    const long = `1,A,1,1,0,10,0\n${",".repeat(MAX_LINE_LENGTH + 2)}`;
    expect(failure(() => parseVillages(long))).toBe("village.txt, Zeile 2: die Zeile ist länger als 8.192 Zeichen.");
    // A name of 255 characters, each URL-encoded as four bytes, is still a good line.
    const name = encodeURIComponent("😀".repeat(127));
    expect(parseVillages(`1,${name},1,1,0,10,0`)[0]?.name).toBe("😀".repeat(127));
  });

  it("refuses more records than the file's limit, naming the file", () => {
    const lines = Array.from({ length: MAX_RECORDS.ally + 1 }, (_, i) => `${i + 1},S,T,1,1,1,1,1`).join("\n");
    const error = (() => {
      try {
        parseAllies(lines);
      } catch (caught) {
        return caught as WorldFileError;
      }
      throw new Error("no error");
    })();
    expect(error).toMatchObject({ message: "ally.txt: mehr als 50.000 Einträge.", status: 413 });
  });

  it("refuses a second village on the same coordinates, naming both lines", () => {
    expect(failure(() => parseVillages("1,A,500,500,0,10,0\n2,B,500,501,0,10,0\n3,C,500,500,0,10,0"))).toBe(
      "village.txt, Zeile 3: die Koordinaten 500|500 stehen schon in Zeile 1.",
    );
    expect(parseVillages("1,A,0,999,0,10,0\n2,B,999,0,0,10,0")).toHaveLength(2);
  });

  it("drops control and bidi characters from names (the name shows as it reads)", () => {
    const hostile = encodeURIComponent("An\u202Ena\u0007\u200F \u2066Bert\u2069\u0085\u200E\u061C\uFEFF\u2028x");
    expect(parseVillages(`1,${hostile},1,1,0,10,0`)[0]?.name).toBe("Anna Bertx");
    expect(parsePlayers(`1,${hostile},0,0,0,1`)[0]?.name).toBe("Anna Bertx");
    expect(parseAllies(`1,${hostile},T%E2%80%AEag,0,0,0,0,1`)[0]).toMatchObject({ name: "Anna Bertx", tag: "Tag" });
    // Joiners of emoji and letters of every script stay.
    expect(parsePlayers(`1,${encodeURIComponent("👩‍👩‍👧 Łódź שלום")},0,0,0,1`)[0]?.name).toBe("👩‍👩‍👧 Łódź שלום");
  });

  it("parses a big file in chunks, letting the event loop run between them", async () => {
    const lines = Array.from({ length: PARSE_CHUNK_LINES * 3 }, (_, i) => `${i + 1},D,${Math.floor(i / 1000)},${i % 1000},0,10,0`).join("\n");
    let ticks = 0;
    let done = false;
    const tick = () => {
      ticks += 1;
      if (!done) setImmediate(tick);
    };
    setImmediate(tick);
    const villages = await parseWorldFileInChunks.village(lines);
    done = true;
    expect(villages).toHaveLength(PARSE_CHUNK_LINES * 3);
    expect(ticks).toBeGreaterThanOrEqual(3);
  });
});

describe("player.txt and ally.txt", () => {
  it("reads players: id, name, ally, villages, points, rank", () => {
    expect(parsePlayers("14231,hrabia+Lucas,77,1,403,5663\n")).toEqual([{ id: 14231, name: "hrabia Lucas", allyId: 77, villages: 1, points: 403, rank: 5663 }]);
  });

  it("reads tribes: id, name, tag, members, villages, points, all points, rank", () => {
    expect(parseAllies("3,%2AG%C5%82odne+Kaczuszki%2A,KWA,45,677,4364311,4432986,11")).toEqual([
      { id: 3, name: "*Głodne Kaczuszki*", tag: "KWA", members: 45, villages: 677, points: 4364311, allPoints: 4432986, rank: 11 },
    ]);
  });

  it("names the file in its messages", () => {
    expect(failure(() => parsePlayers("1,A,0,0,0"))).toMatch(/^player\.txt, Zeile 1: erwartet 6 Felder/);
    expect(failure(() => parseAllies("1,A,B,0,0,0,0,x"))).toBe('ally.txt, Zeile 1: rank ist keine ganze Zahl ("x").');
  });
});

describe("plain or gzip", () => {
  it("recognises gzip by its magic bytes, whatever the name", async () => {
    const text = "1,A,1,1,0,10,0\n2,B,2,2,0,20,0";
    const packed = gzipSync(text);
    expect(isGzip(packed)).toBe(true);
    expect(isGzip(Buffer.from(text))).toBe(false);
    expect(await worldFileText(packed, "village.txt")).toBe(text);
    expect(await worldFileText(Buffer.from(`\ufeff${text}`), "village.txt")).toBe(text);
  });

  it("refuses broken gzip and gzip that unpacks beyond the limit", async () => {
    const broken = gzipSync("1,A,1,1,0,10,0").subarray(0, 12);
    await expect(worldFileText(broken, "village.txt")).rejects.toThrow("village.txt: die gzip-Datei ist beschädigt und lässt sich nicht entpacken.");
    await expect(worldFileText(gzipSync(Buffer.alloc(3 * 1024 * 1024)), "get_config.xml", 1024 * 1024)).rejects.toThrow("get_config.xml: entpackt größer als 1 MB.");
  });
});
