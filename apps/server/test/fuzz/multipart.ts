// Hostile multipart/form-data uploads for routes whose contract declares `multipart` (the world
// import): parts named as the route expects, with `.gz`, by field or file name, or hostile names;
// contents that are good files, good files with one hostile value, gzip of either, or garbage; and
// sometimes a body cut short. Built by hand, so quotes and line breaks in names reach the parser.
import { gzipSync } from "node:zlib";
import fc from "fast-check";
import { multipartBody, smallWorld } from "../worlds.js";
import { hostileString } from "./hostile.js";

export interface FuzzUpload {
  payload: Buffer;
  contentType: string;
}

const goodFiles: Record<string, string> = { ...smallWorld };
const overlongLine = gzipSync(",".repeat(200_000));

/** A good file of that name, or a line of it with one field swapped for a hostile value. */
function content(): fc.Arbitrary<string | Buffer> {
  const good = fc.constantFrom(...Object.values(goodFiles));
  const edited = fc
    .tuple(good, fc.nat(), fc.nat(), fc.oneof(hostileString(), fc.constantFrom("-1", "1000", "2147483648", "1.5", "", "%", "%C5", "%00", "+", "\r", ",,")))
    .map(([file, line, field, value]) => {
      const lines = file.split("\n");
      const at = line % lines.length;
      const fields = (lines[at] ?? "").split(",");
      fields[field % fields.length] = value;
      lines[at] = fields.join(",");
      return lines.join("\n");
    });
  const xml = fc.constantFrom(
    "<config><speed>1</speed><unit_speed>1</unit_speed></config>",
    "<config><spear><speed>18</speed><pop>1</pop></spear></config>",
    "<config><speed>0</speed></config>",
    "<config><a></b></config>",
    `<config>${"<a>".repeat(5000)}</config>`,
  );
  const text = fc.oneof({ weight: 3, arbitrary: good }, { weight: 4, arbitrary: edited }, { weight: 1, arbitrary: xml }, { weight: 2, arbitrary: hostileString() });
  // One line far over the limit (a small gzip of 200,000 commas), a field used twice, an
  // implausible unit speed.
  const hostileFile = fc.constantFrom<string | Buffer>(
    overlongLine,
    `${goodFiles["village.txt"]}\n99,Doppelt,500,500,0,1,0`,
    "<config><spear><build_time>1</build_time><pop>1</pop><speed>1e308</speed><attack>1</attack><defense>1</defense><defense_cavalry>1</defense_cavalry><defense_archer>1</defense_archer><carry>1</carry></spear></config>",
  );
  return fc.oneof(
    { weight: 1, arbitrary: hostileFile },
    { weight: 4, arbitrary: text },
    { weight: 1, arbitrary: text.map((value) => gzipSync(value)) },
    { weight: 1, arbitrary: fc.uint8Array({ maxLength: 200 }).map((bytes) => Buffer.from(bytes)) },
  );
}

interface Part {
  name: string;
  byField: boolean;
  isFile: boolean;
  content: string | Buffer;
}

export function fuzzUpload(fileNames: readonly string[]): fc.Arbitrary<FuzzUpload> {
  const names = fc.oneof(
    { weight: 6, arbitrary: fc.constantFrom(...fileNames) },
    { weight: 2, arbitrary: fc.constantFrom(...fileNames.map((name) => `${name}.gz`), ...fileNames.map((name) => name.toUpperCase())) },
    { weight: 1, arbitrary: hostileString().map((name) => name.slice(0, 300)) },
  );
  const part: fc.Arbitrary<Part> = fc.record({
    name: names,
    byField: fc.boolean(),
    isFile: fc.oneof({ weight: 6, arbitrary: fc.constant(true) }, { weight: 1, arbitrary: fc.constant(false) }),
    content: content(),
  });
  // The three files an import needs, good ones (one maybe spoilt or gzipped), plus a few random parts:
  // so cases also get past the checks and into the importer.
  const complete: fc.Arbitrary<Part[]> = fc
    .record({ spoil: fc.option(fc.tuple(fc.nat(2), content()), { freq: 2, nil: undefined }), gzip: fc.boolean(), extra: fc.array(part, { maxLength: 2 }) })
    .map(({ spoil, gzip, extra }) => {
      const files: Part[] = Object.entries(goodFiles).map(([name, text]) => ({ name, byField: false, isFile: true, content: gzip ? gzipSync(text) : text }));
      const target = spoil ? files[spoil[0]] : undefined;
      if (target && spoil) target.content = spoil[1];
      return [...files, ...extra];
    });
  return fc
    .record({
      parts: fc.oneof(fc.array(part, { maxLength: 7 }), complete),
      /** Cut the body after this share of its bytes (1 = whole). */
      cut: fc.oneof({ weight: 6, arbitrary: fc.constant(1) }, { weight: 1, arbitrary: fc.double({ min: 0, max: 1, noNaN: true }) }),
    })
    .map(({ parts, cut }) => {
      const body = multipartBody(
        parts.map((p) =>
          p.isFile
            ? { name: p.byField ? p.name : "files", filename: p.byField ? "blob" : p.name, content: p.content }
            : { name: p.name, content: p.content },
        ),
      );
      return {
        payload: cut < 1 ? body.payload.subarray(0, Math.floor(body.payload.length * cut)) : body.payload,
        contentType: body.headers["content-type"],
      };
    });
}
