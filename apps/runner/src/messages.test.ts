// The runner's German texts live in messages.ts and messages/: no other source file of src/ writes a
// string or template literal that looks German (an umlaut or ß, or a common German word). Comments are
// not literals and may say anything.
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import ts from "typescript";
import { describe, expect, it } from "vitest";

const src = fileURLToPath(new URL(".", import.meta.url));

const germanLetters = /[äöüÄÖÜß]/;
const germanWords = /\b(der|die|das|den|dem|nicht|kein|keine|keinen|wird|wurde|und|mit|von|auf|ist|sind|Bot|Modul|Dorf|Bitte|bitte)\b/;

/** Literals that look German but are not user-visible text, as "file: text" (none so far). */
const allowed = new Set<string>([]);

/** The texts of the string and template literals in `code` that look German. */
function germanLiterals(fileName: string, code: string): string[] {
  const source = ts.createSourceFile(fileName, code, ts.ScriptTarget.Latest, false, ts.ScriptKind.TS);
  const found: string[] = [];
  const visit = (node: ts.Node): void => {
    if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node) || ts.isTemplateHead(node) || ts.isTemplateMiddle(node) || ts.isTemplateTail(node)) {
      if (germanLetters.test(node.text) || germanWords.test(node.text)) found.push(node.text);
    }
    node.forEachChild(visit);
  };
  visit(source);
  return found;
}

/** Non-test sources of src/ outside the messages, relative to src/ with forward slashes. */
function sourceFiles(): string[] {
  return readdirSync(src, { recursive: true, encoding: "utf8" })
    .map((file) => file.split(path.sep).join("/"))
    .filter((file) => file.endsWith(".ts") && !file.endsWith(".test.ts"))
    .filter((file) => file !== "messages.ts" && !file.startsWith("messages/"))
    .sort();
}

describe("German texts", () => {
  it("finds German in literals and templates, not in comments or code", () => {
    const code = [
      "// Der Bot ruht: a comment",
      'const a = "Gestoppt, der Bot ruht";',
      "const b = `Bot ${id} gespeichert.`;",
      "const c = `${n} Dörfer`;",
      'const d = "bot:log";',
      "const e = `${label}: ${parts.join(\" · \")}`;",
    ].join("\n");
    expect(germanLiterals("x.ts", code)).toEqual(["Gestoppt, der Bot ruht", "Bot ", " Dörfer"]);
  });

  it("are all in messages.ts and messages/", () => {
    const files = sourceFiles();
    expect(files).toContain("runner.ts");
    expect(files).toContain("modules/builder.ts");
    expect(files).toContain("cli/main.ts");
    const offenders = files.flatMap((file) =>
      germanLiterals(file, readFileSync(path.join(src, file), "utf8"))
        .map((text) => `${file}: ${text}`)
        .filter((entry) => !allowed.has(entry)),
    );
    expect(offenders).toEqual([]);
  });
});
