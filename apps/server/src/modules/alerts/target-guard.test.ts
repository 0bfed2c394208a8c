// The alert target guard against real local servers: a private target is refused before any connection
// is made (the receiver counts its connections), a name is judged by every address it resolves to, a
// redirect is never followed, and the connection goes to the checked address, not to a new DNS answer.
import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ResolveAll } from "./target-guard.js";
import { checkHost, checkWebTarget, isPublicAddress, postToTarget, TARGET_SMTP_PORTS, TargetRefusedError } from "./target-guard.js";

interface Receiver {
  port: number;
  connections: number;
  requests: { host: string | undefined; url: string | undefined; body: string }[];
  close: () => Promise<void>;
}

/** A local HTTP server that counts connections and records requests; `answer` writes the response. */
async function receiver(answer: (res: http.ServerResponse) => void = (res) => res.writeHead(204).end()): Promise<Receiver> {
  const state: Receiver = { port: 0, connections: 0, requests: [], close: async () => {} };
  const server = http.createServer((req, res) => {
    let body = "";
    req.on("data", (c: Buffer) => (body += c.toString("utf8")));
    req.on("end", () => {
      state.requests.push({ host: req.headers.host, url: req.url, body });
      answer(res);
    });
  });
  server.on("connection", () => state.connections++);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  state.port = (server.address() as AddressInfo).port;
  state.close = () => new Promise<void>((resolve) => server.close(() => resolve()));
  return state;
}

const strict = { allowPrivate: false };
const open = { allowPrivate: true };

async function refusal(promise: Promise<unknown>): Promise<string> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof TargetRefusedError) return error.reason;
    throw error;
  }
  return "passed";
}

describe("isPublicAddress", () => {
  it("refuses loopback, private, shared, link-local (metadata), multicast, reserved and documentation ranges, IPv4 and IPv6", () => {
    for (const address of [
      "127.0.0.1",
      "127.255.0.9",
      "0.0.0.0",
      "10.0.0.1",
      "172.16.5.4",
      "172.31.255.255",
      "192.168.1.1",
      "100.64.0.1",
      "169.254.169.254",
      "192.0.2.7",
      "198.18.0.1",
      "224.0.0.1",
      "255.255.255.255",
      "::1",
      "::",
      "::ffff:127.0.0.1",
      "::ffff:7f00:1",
      "::ffff:10.1.2.3",
      "::ffff:169.254.169.254",
      "::127.0.0.1",
      "64:ff9b::a00:1",
      "fe80::1",
      "fc00::1",
      "fd00:ec2::254",
      "ff02::1",
      "2001:db8::1",
      "not an address",
    ]) {
      expect([address, isPublicAddress(address)]).toEqual([address, false]);
    }
  });

  it("lets public addresses pass, an IPv4-mapped public one too", () => {
    for (const address of ["8.8.8.8", "1.1.1.1", "172.32.0.1", "100.128.0.1", "2606:4700:4700::1111", "2a00:1450:4001:82b::200e", "::ffff:8.8.8.8"]) {
      expect([address, isPublicAddress(address)]).toEqual([address, true]);
    }
  });
});

describe("checkWebTarget", () => {
  it("refuses other schemes, credentials in the address and unusual ports", async () => {
    expect(await refusal(checkWebTarget("ftp://8.8.8.8/hook", strict))).toBe("scheme");
    expect(await refusal(checkWebTarget("file:///etc/passwd", strict))).toBe("scheme");
    expect(await refusal(checkWebTarget("keine Adresse", strict))).toBe("scheme");
    expect(await refusal(checkWebTarget("https://user:secret@8.8.8.8/hook", strict))).toBe("credentials");
    expect(await refusal(checkWebTarget("http://8.8.8.8:22/", strict))).toBe("port");
    expect(await refusal(checkWebTarget("https://8.8.8.8:6379/", strict))).toBe("port");
    await expect(checkWebTarget("https://8.8.8.8:8443/hook", strict)).resolves.toMatchObject({ host: "8.8.8.8", port: 8443 });
    await expect(checkWebTarget("https://8.8.8.8/hook", strict)).resolves.toMatchObject({ port: 443, addresses: [{ address: "8.8.8.8", family: 4 }] });
  });

  it("refuses private address literals in every spelling the URL parser accepts", async () => {
    for (const address of [
      "http://127.0.0.1/",
      "http://127.1/",
      "http://2130706433/",
      "http://0x7f.0.0.1/",
      "http://10.0.0.1/",
      "http://169.254.169.254/latest/meta-data/",
      "http://[::1]/",
      "http://[::ffff:127.0.0.1]/",
      "http://[::ffff:a9fe:a9fe]/",
      "http://[fe80::1]/",
    ]) {
      expect([address, await refusal(checkWebTarget(address, strict))]).toEqual([address, "private"]);
    }
  });

  it("judges a name by every address it resolves to: one private answer refuses it", async () => {
    const dns: Record<string, string[]> = { "intern.example": ["10.1.2.3"], "gemischt.example": ["8.8.8.8", "192.168.0.10"], "oeffentlich.example": ["8.8.4.4", "2001:4860:4860::8844"] };
    const resolve: ResolveAll = async (name) => {
      const list = dns[name];
      if (!list) throw new Error("ENOTFOUND");
      return list.map((address) => ({ address, family: address.includes(":") ? 6 : 4 }));
    };
    expect(await refusal(checkWebTarget("https://intern.example/hook", { ...strict, resolve }))).toBe("private");
    expect(await refusal(checkWebTarget("https://gemischt.example/hook", { ...strict, resolve }))).toBe("private");
    expect(await refusal(checkWebTarget("https://unbekannt.example/hook", { ...strict, resolve }))).toBe("unresolved");
    await expect(checkWebTarget("https://oeffentlich.example/hook", { ...strict, resolve })).resolves.toMatchObject({ host: "oeffentlich.example", addresses: [{ address: "8.8.4.4" }, { address: "2001:4860:4860::8844" }] });
  });

  it("checks an SMTP server's host and port the same way", async () => {
    expect(await refusal(checkHost("127.0.0.1", 587, TARGET_SMTP_PORTS, strict))).toBe("private");
    expect(await refusal(checkHost("8.8.8.8", 80, TARGET_SMTP_PORTS, strict))).toBe("port");
    await expect(checkHost("8.8.8.8", 465, TARGET_SMTP_PORTS, strict)).resolves.toMatchObject({ port: 465 });
  });
});

describe("postToTarget against local receivers", () => {
  let hook: Receiver;
  let elsewhere: Receiver;
  beforeAll(async () => {
    elsewhere = await receiver();
    hook = await receiver((res) => res.writeHead(302, { location: `http://127.0.0.1:${elsewhere.port}/gestohlen` }).end());
  });
  afterAll(async () => {
    await hook.close();
    await elsewhere.close();
  });

  it("makes no connection to a private target: not by its address, not by a name that resolves to it (localhost)", async () => {
    expect(await refusal(checkWebTarget(`http://127.0.0.1:${elsewhere.port}/`, strict))).toBe("port");
    expect(await refusal(checkWebTarget(`http://127.0.0.1/`, strict))).toBe("private");
    expect(await refusal(checkWebTarget(`http://localhost/`, strict))).toBe("private");
    expect(await refusal(checkWebTarget(`http://localhost:${elsewhere.port}/`, { ...strict, resolve: async () => [{ address: "127.0.0.1", family: 4 }] }))).toBe("port");
    expect(elsewhere.connections).toBe(0);
  });

  it("with private targets allowed, posts the body and never follows a redirect", async () => {
    const target = await checkWebTarget(`http://127.0.0.1:${hook.port}/hook`, open);
    const answer = await postToTarget(target, JSON.stringify({ text: "Adelszug auf Alpha" }), { timeoutMs: 5000, headers: { "x-dsbot-signature": "abc" } });
    expect(answer.status).toBe(302);
    expect(hook.requests).toEqual([{ host: `127.0.0.1:${hook.port}`, url: "/hook", body: '{"text":"Adelszug auf Alpha"}' }]);
    expect(elsewhere.connections).toBe(0);
  });

  it("connects to the checked address, not to what the name resolves to later", async () => {
    let asked = 0;
    const resolve: ResolveAll = async () => (asked++ === 0 ? [{ address: "127.0.0.1", family: 4 }] : [{ address: "10.9.9.9", family: 4 }]);
    const target = await checkWebTarget(`http://hook.example:${elsewhere.port}/pinned`, { ...open, resolve });
    const answer = await postToTarget(target, "{}", { timeoutMs: 5000 });
    expect(answer.status).toBe(204);
    expect(asked).toBe(1);
    expect(elsewhere.requests.at(-1)).toEqual({ host: `hook.example:${elsewhere.port}`, url: "/pinned", body: "{}" });
  });

  it("reads a 429's Retry-After and bounds the answer it reads", async () => {
    const limited = await receiver((res) => res.writeHead(429, { "retry-after": "2.5" }).end("x".repeat(100_000)));
    try {
      const answer = await postToTarget(await checkWebTarget(`http://127.0.0.1:${limited.port}/`, open), "{}", { timeoutMs: 5000, maxBytes: 10 });
      expect(answer).toEqual({ status: 429, retryAfter: 2.5, body: "xxxxxxxxxx" });
    } finally {
      await limited.close();
    }
  });
});
