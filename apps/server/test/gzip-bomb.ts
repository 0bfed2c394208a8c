// Hostile gzip files built in the test, never committed: a few hundred KB that unpack to many MB.
import { createGzip } from "node:zlib";

/** gzip of `repeat` written `megabytes` times (1 MiB each), streamed so the unpacked bytes never sit in memory. */
export async function gzipOfRepeated(repeat: string, megabytes: number, prefix = ""): Promise<Buffer> {
  const gzip = createGzip({ level: 9 });
  const chunks: Buffer[] = [];
  gzip.on("data", (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<void>((resolve, reject) => {
    gzip.on("end", resolve);
    gzip.on("error", reject);
  });
  const block = Buffer.alloc(1024 * 1024, repeat);
  if (prefix) gzip.write(prefix);
  for (let i = 0; i < megabytes; i++) {
    if (!gzip.write(block)) await new Promise((resolve) => gzip.once("drain", resolve));
  }
  gzip.end();
  await done;
  return Buffer.concat(chunks);
}
