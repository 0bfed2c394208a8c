// Password hashing with argon2id (the @node-rs/argon2 default: m=19 MiB, t=2, p=1 — OWASP's baseline).
import { randomBytes } from "node:crypto";
import { hash, verify } from "@node-rs/argon2";

export function hashPassword(password: string): Promise<string> {
  return hash(password);
}

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    // A malformed stored hash must never log anyone in.
    return false;
  }
}

let dummyHash: Promise<string> | undefined;

/**
 * Verify against a throw-away hash so an unknown username costs as much time as a wrong password:
 * otherwise response times would reveal which usernames exist.
 */
export async function burnVerifyTime(password: string): Promise<void> {
  dummyHash ??= hashPassword(randomBytes(16).toString("hex"));
  await verifyPassword(await dummyHash, password);
}

/** A readable random password for the generated admin account. */
export function generatePassword(): string {
  return randomBytes(15).toString("base64url");
}
