// The alert channels' secrets at rest (a Discord webhook's address, a Telegram bot token, a webhook's
// signing key): sealed with AES-256-GCM under the server's key, never stored, answered or logged in
// the clear. The key is DSBOT_SECRET_KEY (hashed to 32 bytes), else 32 random bytes kept in
// `<DSBOT_DATA_DIR>/secret.key` (made on first use, readable by the server's user only). Several
// instances must share the key: set DSBOT_SECRET_KEY on each (docs/DEPLOY.md).
import { createCipheriv, createDecipheriv, createHash, randomBytes } from "node:crypto";
import { mkdir, readFile, writeFile } from "node:fs/promises";
import path from "node:path";

export interface SecretBox {
  seal(plain: string): string;
  /** Throws when the value was sealed under another key or changed. */
  open(sealed: string): string;
}

const VERSION = "v1";
const AAD = Buffer.from("dsbot alert channel secrets");
const b64 = (buffer: Buffer) => buffer.toString("base64url");

export function secretBox(key: Buffer): SecretBox {
  if (key.length !== 32) throw new Error("the secret key must be 32 bytes");
  return {
    seal(plain) {
      const iv = randomBytes(12);
      const cipher = createCipheriv("aes-256-gcm", key, iv);
      cipher.setAAD(AAD);
      const body = Buffer.concat([cipher.update(plain, "utf8"), cipher.final()]);
      return [VERSION, b64(iv), b64(body), b64(cipher.getAuthTag())].join(".");
    },
    open(sealed) {
      const [version, iv, body, tag] = sealed.split(".");
      if (version !== VERSION || iv === undefined || body === undefined || tag === undefined) throw new Error("not a sealed value");
      const decipher = createDecipheriv("aes-256-gcm", key, Buffer.from(iv, "base64url"));
      decipher.setAAD(AAD);
      decipher.setAuthTag(Buffer.from(tag, "base64url"));
      return Buffer.concat([decipher.update(Buffer.from(body, "base64url")), decipher.final()]).toString("utf8");
    },
  };
}

/** DSBOT_SECRET_KEY's 32 bytes, or the data directory's key file (made with a new random key if missing). */
export async function loadSecretKey(config: { secretKey?: string; dataDir: string }): Promise<Buffer> {
  if (config.secretKey) return createHash("sha256").update(config.secretKey, "utf8").digest();
  const file = path.join(config.dataDir, "secret.key");
  try {
    return Buffer.from((await readFile(file, "utf8")).trim(), "base64");
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "ENOENT") throw error;
  }
  await mkdir(config.dataDir, { recursive: true });
  try {
    await writeFile(file, `${randomBytes(32).toString("base64")}\n`, { mode: 0o600, flag: "wx" });
  } catch (error) {
    // Made by another start at the same moment: read that one.
    if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
  }
  return Buffer.from((await readFile(file, "utf8")).trim(), "base64");
}

const boxes = new WeakMap<object, Promise<SecretBox>>();

/** The app's one box (keyed by its config). */
export function secretBoxOf(config: { secretKey?: string; dataDir: string }): Promise<SecretBox> {
  let box = boxes.get(config);
  if (!box) {
    box = loadSecretKey(config).then(secretBox);
    boxes.set(config, box);
  }
  return box;
}
