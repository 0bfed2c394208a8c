// The channels' secrets at rest: sealed values open only under their key and unchanged, never show the
// secret, and the key file is made once, readable by the server's user only, and kept.
import { mkdtempSync, rmSync, statSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { loadSecretKey, secretBox } from "./secret-box.js";

const dir = mkdtempSync(path.join(os.tmpdir(), "dsbot-secret-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe("the secret box", () => {
  it("seals to a value without the secret, different each time, that opens to it", async () => {
    const box = secretBox(await loadSecretKey({ secretKey: "ein-langer-schluessel", dataDir: dir }));
    const secret = JSON.stringify({ token: "123456:TELEGRAM-TOKEN" });
    const [a, b] = [box.seal(secret), box.seal(secret)];
    expect(a).not.toBe(b);
    for (const sealed of [a, b]) {
      expect(sealed).not.toContain("TELEGRAM");
      expect(sealed).toMatch(/^v1\./);
      expect(box.open(sealed)).toBe(secret);
    }
  });

  it("refuses a value sealed under another key or changed", async () => {
    const box = secretBox(await loadSecretKey({ secretKey: "ein-langer-schluessel", dataDir: dir }));
    const other = secretBox(await loadSecretKey({ secretKey: "ein-anderer-schluessel", dataDir: dir }));
    const sealed = box.seal("geheim");
    expect(() => other.open(sealed)).toThrow();
    const [v, iv, body, tag] = sealed.split(".");
    const flipped = Buffer.from(body!, "base64url");
    flipped[0] = flipped[0]! ^ 1;
    expect(() => box.open([v, iv, flipped.toString("base64url"), tag].join("."))).toThrow();
    expect(() => box.open("klartext")).toThrow();
  });

  it("without DSBOT_SECRET_KEY makes a key file once (mode 600) and keeps using it", async () => {
    const first = await loadSecretKey({ dataDir: path.join(dir, "daten") });
    const again = await loadSecretKey({ dataDir: path.join(dir, "daten") });
    expect(first).toHaveLength(32);
    expect(again.equals(first)).toBe(true);
    expect(statSync(path.join(dir, "daten", "secret.key")).mode & 0o777).toBe(0o600);
    const sealed = secretBox(first).seal("geheim");
    expect(secretBox(again).open(sealed)).toBe("geheim");
  });
});
