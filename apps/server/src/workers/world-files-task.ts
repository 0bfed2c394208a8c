// The generated world's files, made on a worker: generating a demo-sized world, writing its files and
// gzipping them takes over a second of CPU, which on the main thread would hold every request.
import { gzipSync } from "node:zlib";
import { generateWorld, worldFiles, type WorldFilesOptions, type WorldGeneratorOptions, type WorldImportFile } from "@dsbot/protocol";

export interface GeneratedWorldFile {
  name: WorldImportFile;
  /** The file name on disk: the txt files gzipped as the game serves them (`village.txt.gz`). */
  fileName: string;
  bytes: Uint8Array;
}

/** The game's files of the generated world (pure: the same options give the same bytes). */
export function generatedWorldFilesTask(options: WorldGeneratorOptions, fileOptions: WorldFilesOptions = {}): GeneratedWorldFile[] {
  const files = worldFiles(generateWorld(options), fileOptions);
  return (Object.entries(files) as [WorldImportFile, string][]).map(([name, text]) => {
    const gzip = name.endsWith(".txt");
    const bytes = gzip ? gzipSync(Buffer.from(text)) : Buffer.from(text);
    // A fresh buffer of its own (not a view on Node's pool): it crosses to the main thread.
    return { name, fileName: gzip ? `${name}.gz` : name, bytes: new Uint8Array(bytes) };
  });
}
