// Build step: writes `<file>.br` (brotli, quality 11) and `<file>.gz` (gzip, level 9)
// next to every compressible file of the build output, once, so the server sends them as they are
// (@fastify/static `preCompressed` in apps/server/src/http/static-web.ts) without compressing per
// request. Fonts (woff, woff2) and images are compressed already and stay as they are. A variant
// that would not be smaller than its file is left out; the server then sends the file.
import { readdir, readFile, stat, writeFile } from "node:fs/promises";
import path from "node:path";
import { promisify } from "node:util";
import zlib from "node:zlib";
import type { Plugin } from "vite";

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

export const COMPRESSIBLE_FILE = /\.(?:js|mjs|css|html|svg|json|txt|map|webmanifest)$/i;

async function filesBelow(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true });
  const nested = await Promise.all(
    entries.map((entry) => {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) return filesBelow(full);
      return Promise.resolve(entry.isFile() && COMPRESSIBLE_FILE.test(entry.name) ? [full] : []);
    }),
  );
  return nested.flat();
}

export interface PrecompressResult {
  files: number;
  bytes: number;
  brBytes: number;
  gzBytes: number;
}

/** Writes the `.br` and `.gz` of every compressible file below `dir`. */
export async function precompressDir(dir: string): Promise<PrecompressResult> {
  const result: PrecompressResult = { files: 0, bytes: 0, brBytes: 0, gzBytes: 0 };
  const files = await filesBelow(dir);
  await Promise.all(
    files.map(async (file) => {
      const content = await readFile(file);
      const [br, gz] = await Promise.all([
        brotli(content, {
          params: {
            [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY,
            [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
            [zlib.constants.BROTLI_PARAM_SIZE_HINT]: content.length,
          },
        }),
        gzip(content, { level: zlib.constants.Z_BEST_COMPRESSION }),
      ]);
      result.files += 1;
      result.bytes += content.length;
      if (br.length < content.length) {
        await writeFile(`${file}.br`, br);
        result.brBytes += br.length;
      }
      if (gz.length < content.length) {
        await writeFile(`${file}.gz`, gz);
        result.gzBytes += gz.length;
      }
    }),
  );
  return result;
}

/** Vite plugin: precompresses the output folder after the build has written everything (public/ too). */
export function precompress(): Plugin {
  let outDir = "dist";
  return {
    name: "dsbot-precompress",
    apply: "build",
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    async closeBundle() {
      if (!(await stat(outDir).catch(() => null))?.isDirectory()) return;
      const { files, bytes, brBytes, gzBytes } = await precompressDir(outDir);
      const kb = (n: number) => `${(n / 1000).toFixed(1)} kB`;
      this.info(`precompressed ${files} files: ${kb(bytes)} → br ${kb(brBytes)}, gzip ${kb(gzBytes)}`);
    },
  };
}
