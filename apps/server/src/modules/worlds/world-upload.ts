// POST /api/worlds/{id}/import: reads the multipart upload (files named as the game names them,
// `.gz` optional, by file name or else by field name) and turns it into checked world data. Every
// refusal is a German 400 or 413 naming the file; nothing is written before all files are good.
import type { GameResult, WorldImportFile } from "@dsbot/protocol";
import {
  isCleanText,
  parseGameConfigXml,
  parseUnitInfoXml,
  WORLD_IMPORT_MAX_FILE_BYTES,
  worldImportFileName,
  worldImportFiles,
  worldImportRequiredFiles,
  worldMessages,
} from "@dsbot/protocol";
import type { FastifyRequest } from "fastify";
import { badRequest, HttpError } from "../../http/errors.js";
import type { WorldData } from "./world-import.js";
import { WorldFileError, worldFileText } from "./world-files.js";
import { parseWorldFileInChunks, preview } from "./world-records.js";

/** Largest get_config.xml or get_unit_info.xml, unpacked (the game's answers are a few KB). */
export const MAX_XML_BYTES = 1024 * 1024;

/** Limits for @fastify/multipart (busboy) on the import route. */
export const worldUploadLimits = {
  fileSize: WORLD_IMPORT_MAX_FILE_BYTES,
  files: worldImportFiles.length,
  fields: 5,
  parts: worldImportFiles.length + 5,
  fieldNameSize: 200,
  fieldSize: 1024,
  headerPairs: 20,
};


const tooLarge = (message: string) => new HttpError(413, "payload_too_large", message);

/** What @fastify/multipart and busboy throw, as the client's fault it is. */
function uploadError(error: unknown, current: string | undefined): HttpError {
  if (error instanceof HttpError) return error;
  const code = (error as { code?: unknown }).code;
  if (code === "FST_REQ_FILE_TOO_LARGE") return tooLarge(worldMessages.importFileTooLarge(current ?? "Eine Datei"));
  if (code === "FST_PARTS_LIMIT" || code === "FST_FILES_LIMIT" || code === "FST_FIELDS_LIMIT") return tooLarge(worldMessages.importTooManyParts);
  if (code === "FST_INVALID_MULTIPART_CONTENT_TYPE") return badRequest(worldMessages.importNotMultipart);
  return badRequest(worldMessages.importBroken);
}

/** The uploaded files by name. */
export async function readWorldUpload(request: FastifyRequest): Promise<Map<WorldImportFile, Buffer>> {
  if (!request.isMultipart()) throw badRequest(worldMessages.importNotMultipart);
  const files = new Map<WorldImportFile, Buffer>();
  let current: string | undefined;
  try {
    for await (const part of request.parts()) {
      if (part.type !== "file") throw badRequest(worldMessages.importUnexpectedField(preview(part.fieldname, 60)));
      const name = worldImportFileName(part.filename) ?? worldImportFileName(part.fieldname);
      if (!name) {
        part.file.resume();
        throw badRequest(worldMessages.importUnknownFile(preview(part.filename || part.fieldname, 60)));
      }
      if (files.has(name)) throw badRequest(worldMessages.importDuplicateFile(name));
      current = name;
      files.set(name, await part.toBuffer());
      current = undefined;
    }
  } catch (error) {
    // The rest of the body is read and dropped, so a keep-alive connection stays usable.
    request.raw.unpipe();
    request.raw.resume();
    throw uploadError(error, current);
  }
  const missing = worldImportRequiredFiles.filter((name) => !files.has(name));
  if (missing.length > 0) throw badRequest(worldMessages.importMissingFiles(missing));
  return files;
}

/**
 * An uploaded XML file, read by the protocol's game parser (`parseGameConfigXml`, `parseUnitInfoXml`),
 * whose German errors name the answer and element (`get_config: <speed> fehlt.`).
 */
async function xmlFile<T>(bytes: Buffer | undefined, file: string, parse: (xml: string) => GameResult<T>): Promise<{ xml: string; parsed: T } | undefined> {
  if (!bytes) return undefined;
  const xml = await worldFileText(bytes, file, MAX_XML_BYTES);
  if (!isCleanText(xml)) throw badRequest(`${file} enthält unzulässige Zeichen (z. B. ein Nullbyte).`);
  if (Buffer.byteLength(xml) > MAX_XML_BYTES) throw tooLarge(`${file} ist zu groß (höchstens ${MAX_XML_BYTES / 1024 / 1024} MB).`);
  const parsed = parse(xml);
  if (!parsed.ok) throw new WorldFileError(parsed.error, file);
  return { xml, parsed: parsed.value };
}

async function asBadRequest<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof WorldFileError) {
      if (error.status === 413) throw tooLarge(error.message);
      throw badRequest(error.message, [{ path: error.file, message: error.message }]);
    }
    throw error;
  }
}

/** get_config.xml and get_unit_info.xml where given; a malformed one answers 400 with its German message. */
export function worldConfigFromUpload(files: Map<WorldImportFile, Buffer>): Promise<Pick<WorldData, "config" | "unitInfo">> {
  return asBadRequest(async () => {
    const data: Pick<WorldData, "config" | "unitInfo"> = {};
    const config = await xmlFile(files.get("get_config.xml"), "get_config.xml", parseGameConfigXml);
    if (config) data.config = config;
    const unitInfo = await xmlFile(files.get("get_unit_info.xml"), "get_unit_info.xml", parseUnitInfoXml);
    if (unitInfo) data.unitInfo = unitInfo;
    return data;
  });
}

/** Parses every file; the first malformed one answers 400 with its German message (file and line). */
export async function worldDataFromUpload(files: Map<WorldImportFile, Buffer>): Promise<WorldData> {
  const text = (name: WorldImportFile) => worldFileText(files.get(name) ?? Buffer.alloc(0), name);
  // One file unpacked at a time, its text dropped once parsed: at most one 64 MB text in memory.
  const records = await asBadRequest(async () => ({
    villages: await parseWorldFileInChunks.village(await text("village.txt")),
    players: await parseWorldFileInChunks.player(await text("player.txt")),
    allies: await parseWorldFileInChunks.ally(await text("ally.txt")),
  }));
  return { ...records, ...(await worldConfigFromUpload(files)) };
}
