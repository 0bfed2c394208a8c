// Web tokens: 256 random bits handed to the client once; only their sha256 is stored.
import { createHash, randomBytes } from "node:crypto";

export function createToken(): string {
  return randomBytes(32).toString("base64url");
}

export function hashToken(token: string): string {
  return createHash("sha256").update(token).digest("hex");
}
