// The small XML reader behind the get_config / get_unit_info parsers.
import { describe, expect, it } from "vitest";
import { readSimpleXml, xmlChild, xmlNumber } from "./xml.js";

describe("readSimpleXml", () => {
  it("reads declaration, comments, empty and self-closing elements, CDATA, entities and attributes", () => {
    const read = readSimpleXml(
      '\uFEFF<?xml version="1.0" encoding="UTF-8" standalone="yes" ?>\n<!-- kommentar -->\n<config a="1">\n  <speed> 1.6 </speed>\n' +
        "  <empty></empty><self/><game knight='3' />\n  <text>a &amp; b &lt;c&gt; &#228;&#xFC;<![CDATA[<roh>]]></text>\n</config>\n",
    );
    expect(read.ok).toBe(true);
    if (!read.ok) return;
    expect(read.root.name).toBe("config");
    expect(read.root.children.map((c) => c.name)).toEqual(["speed", "empty", "self", "game", "text"]);
    expect(xmlChild(read.root, "speed")?.text).toBe(" 1.6 ");
    expect(xmlChild(read.root, "empty")?.text).toBe("");
    expect(xmlChild(read.root, "text")?.text).toBe("a & b <c> äü<roh>");
  });

  it.each([
    ["", "leere Antwort"],
    ["   ", "leere Antwort"],
    ["<!DOCTYPE html><html></html>", "DOCTYPE"],
    ["Welt existiert nicht", "Text vor dem ersten Element"],
    ["<config><speed>1</config>", "<speed> wird mit </config> geschlossen"],
    ["<config><speed>1</speed>", "<config> wird nicht geschlossen"],
    ["</config>", "</config> ohne öffnendes <config>"],
    ["<a></a><b></b>", "zweites Wurzelelement <b>"],
    ["<config></config> mehr", "Text nach dem Wurzelelement"],
    ["<config><1x/></config>", "ungültiges Tag"],
    ["<config><speed", "unvollständiges Tag"],
  ])("refuses %j (%s)", (xml, message) => {
    const read = readSimpleXml(xml);
    expect(read.ok).toBe(false);
    if (!read.ok) expect(read.error).toContain(message);
  });

  it("reads deep nesting without recursion", () => {
    const depth = 100_000;
    const read = readSimpleXml("<a>".repeat(depth) + "</a>".repeat(depth));
    expect(read.ok).toBe(true);
  });
});

describe("xmlNumber", () => {
  it.each([
    ["18", 18],
    [" 0.625\n", 0.625],
    ["18.0000000001", 18.0000000001],
    ["0.016666666666667", 0.016666666666667],
    ["-1", -1],
    ["1e3", 1000],
    [".5", 0.5],
  ])("%j → %d", (text, value) => {
    expect(xmlNumber(text)).toBe(value);
  });

  it.each(["", "abc", "1,5", "1.2.3", "0x10", "Infinity", "1e999"])("%j is no number", (text) => {
    expect(xmlNumber(text)).toBeUndefined();
  });
});
