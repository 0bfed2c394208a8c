// CSV cells (OWASP "CSV Injection"): text a spreadsheet would run as a formula comes out inert and
// quoted; numbers, even negative ones, stay numbers; the import reads the text back as it was.
import { describe, expect, it } from "vitest";
import { csvCell, csvCellText } from "./csv-cell.js";

describe("csvCell", () => {
  it("puts a quote before text starting with = + - @ tab or CR, and quotes the cell", () => {
    expect(csvCell('=HYPERLINK("http://x")')).toBe(`"'=HYPERLINK(""http://x"")"`);
    expect(csvCell("+1+2")).toBe(`"'+1+2"`);
    expect(csvCell("-2+3")).toBe(`"'-2+3"`);
    expect(csvCell("@SUM(A1)")).toBe(`"'@SUM(A1)"`);
    expect(csvCell("\t=1")).toBe(`"'\t=1"`);
    expect(csvCell("\r=1")).toBe(`"'\r=1"`);
  });

  it("leaves other text and every number alone, quoting only separators, quotes and line breaks", () => {
    expect(csvCell("Kalles Dorf")).toBe("Kalles Dorf");
    expect(csvCell("500|500")).toBe("500|500");
    expect(csvCell("a;b")).toBe(`"a;b"`);
    expect(csvCell("a,b", ",")).toBe(`"a,b"`);
    expect(csvCell('sag "hallo"')).toBe(`"sag ""hallo"""`);
    expect(csvCell(-5)).toBe("-5");
    expect(csvCell(1234)).toBe("1234");
  });

  it("reads back what it wrote", () => {
    for (const text of ['=HYPERLINK("http://x")', "-100+alle", "@x", "'schon", "Dorf"]) {
      const written = csvCell(text);
      const unquoted = written.startsWith('"') ? written.slice(1, -1).replace(/""/g, '"') : written;
      expect(csvCellText(unquoted)).toBe(text);
    }
  });
});
