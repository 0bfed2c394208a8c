// The build's precompression: `.br` and `.gz` next to every compressible file that they
// make smaller, byte-exact when decoded; fonts, images and files too small to gain are left alone.
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import zlib from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { precompressDir } from "./vite-precompress";

const dir = mkdtempSync(path.join(os.tmpdir(), "dsbot-precompress-"));
const js = "export function greet(name) { return `Hallo ${name}`; }\n".repeat(200);
const css = ".card { color: red; padding: 4px; }\n".repeat(100);
const html = `<!doctype html><html lang="de"><head><title>dsbot</title></head><body>${"<p>dsbot</p>".repeat(50)}</body></html>`;
const svg = `<svg xmlns="http://www.w3.org/2000/svg">${'<circle cx="1" cy="1" r="1"/>'.repeat(40)}</svg>`;
let result: Awaited<ReturnType<typeof precompressDir>>;

beforeAll(async () => {
  mkdirSync(path.join(dir, "assets"));
  writeFileSync(path.join(dir, "index.html"), html);
  writeFileSync(path.join(dir, "favicon.svg"), svg);
  writeFileSync(path.join(dir, "assets", "app-1234.js"), js);
  writeFileSync(path.join(dir, "assets", "app-1234.css"), css);
  writeFileSync(path.join(dir, "assets", "tiny-1234.js"), "a");
  writeFileSync(path.join(dir, "assets", "font-1234.woff2"), Buffer.alloc(2000, 7));
  writeFileSync(path.join(dir, "assets", "font-1234.woff"), Buffer.alloc(2000, 7));
  writeFileSync(path.join(dir, "assets", "logo-1234.png"), Buffer.alloc(2000, 7));
  result = await precompressDir(dir);
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe("precompressDir", () => {
  it("writes .br (brotli) and .gz (gzip) that decode to the original file", () => {
    for (const [file, content] of [
      ["index.html", html],
      ["favicon.svg", svg],
      [path.join("assets", "app-1234.js"), js],
      [path.join("assets", "app-1234.css"), css],
    ] as const) {
      const br = readFileSync(path.join(dir, `${file}.br`));
      const gz = readFileSync(path.join(dir, `${file}.gz`));
      expect(zlib.brotliDecompressSync(br).toString("utf8"), file).toBe(content);
      expect(zlib.gunzipSync(gz).toString("utf8"), file).toBe(content);
      expect(br.length, file).toBeLessThan(content.length);
      expect(br.length, `${file}: brotli beats gzip`).toBeLessThanOrEqual(gz.length);
    }
  });

  it("leaves fonts and images alone and skips variants that would not be smaller", () => {
    const assets = readdirSync(path.join(dir, "assets"));
    expect(assets.filter((name) => /\.(woff2?|png)\.(br|gz)$/.test(name))).toEqual([]);
    expect(assets).not.toContain("tiny-1234.js.br");
    expect(assets).not.toContain("tiny-1234.js.gz");
  });

  it("counts what it compressed", () => {
    expect(result.files).toBe(5);
    expect(result.brBytes).toBeGreaterThan(0);
    expect(result.brBytes).toBeLessThan(result.gzBytes);
  });
});
