import { knownServers } from "@dsbot/protocol";
import { describe, expect, it } from "vitest";
import { metadataBlock } from "./metadata";

/** `@key value` lines of a block. */
function entries(block: string): [string, string][] {
  return block
    .split("\n")
    .map((line) => /^\/\/ @(\S+)\s*(.*)$/.exec(line))
    .filter((m): m is RegExpExecArray => m !== null)
    .map((m) => [m[1] ?? "", m[2] ?? ""]);
}

describe("metadata block", () => {
  const block = metadataBlock("1.2.3");
  const values = (key: string) => entries(block).filter(([k]) => k === key).map(([, v]) => v);

  it("is a complete Tampermonkey header with name and version", () => {
    const lines = block.split("\n");
    expect(lines[0]).toBe("// ==UserScript==");
    expect(lines.at(-1)).toBe("// ==/UserScript==");
    expect(values("name")).toEqual(["dsbot"]);
    expect(values("version")).toEqual(["1.2.3"]);
    expect(values("run-at")).toEqual(["document-end"]);
  });

  it("matches the game pages of every market, and nothing else", () => {
    expect(values("match")).toEqual(knownServers.map((server) => `https://*.${server}/game.php*`));
    expect(values("match")).toContain("https://*.die-staemme.de/game.php*");
    expect(values("include")).toEqual([]);
  });

  it("grants only storage and requests, and may reach the dsbot server", () => {
    expect(values("grant").sort()).toEqual(["GM_getValue", "GM_setValue", "GM_xmlhttpRequest"]);
    expect(values("connect")).toContain("*");
    expect(values("connect")).toContain("localhost");
  });
});
