// Where an alert may go (server-side request forgery guard). A user's webhook or an admin's SMTP server
// is an address the server connects to on someone's word, so every send checks it again after DNS
// resolution: only http(s) (or SMTP) on the usual ports, no credentials in the address, and every
// address the name resolves to public — no loopback, private, shared (CGNAT), link-local (with the
// cloud metadata service at 169.254.169.254), multicast, reserved or documentation range, in IPv4 or
// IPv6, IPv4-mapped and NAT64 forms included. The connection then goes to the checked address itself
// (the socket's lookup answers it), so a second DNS answer cannot point it elsewhere (DNS rebinding),
// and redirects are never followed. DSBOT_ALLOW_PRIVATE_TARGETS=1 lifts the address and port rules
// (tests with local receivers, self-hosted bridges); the scheme and credential rules stay.
import { lookup as dnsLookup } from "node:dns/promises";
import http from "node:http";
import https from "node:https";
import { BlockList, isIP, type LookupFunction } from "node:net";

/** The ports a webhook may use (with the scheme's default), and an SMTP server. */
export const TARGET_WEB_PORTS: readonly number[] = [80, 443, 8080, 8443];
export const TARGET_SMTP_PORTS: readonly number[] = [25, 465, 587, 2525];

export type TargetRefusal = "scheme" | "credentials" | "port" | "private" | "unresolved";

export class TargetRefusedError extends Error {
  constructor(
    readonly reason: TargetRefusal,
    readonly host: string,
  ) {
    super(`target refused (${reason}): ${host}`);
    this.name = "TargetRefusedError";
  }
}

export interface ResolvedAddress {
  address: string;
  family: 4 | 6;
}

/** Every address a name resolves to (the system resolver by default). */
export type ResolveAll = (hostname: string) => Promise<ResolvedAddress[]>;

export interface TargetPolicy {
  /** DSBOT_ALLOW_PRIVATE_TARGETS: any address and port. */
  allowPrivate: boolean;
  resolve?: ResolveAll;
}

/** A target that passed: where to connect (the checked addresses only). */
export interface CheckedTarget {
  host: string;
  port: number;
  addresses: ResolvedAddress[];
}

const systemResolve: ResolveAll = async (hostname) =>
  (await dnsLookup(hostname, { all: true, verbatim: true })).map((a) => ({ address: a.address, family: a.family === 6 ? 6 : 4 }));

// IANA's special-purpose registries (RFC 6890 and successors): nothing a public webhook lives on.
const blocked = new BlockList();
for (const [net, prefix] of [
  ["0.0.0.0", 8],
  ["10.0.0.0", 8],
  ["100.64.0.0", 10],
  ["127.0.0.0", 8],
  ["169.254.0.0", 16],
  ["172.16.0.0", 12],
  ["192.0.0.0", 24],
  ["192.0.2.0", 24],
  ["192.88.99.0", 24],
  ["192.168.0.0", 16],
  ["198.18.0.0", 15],
  ["198.51.100.0", 24],
  ["203.0.113.0", 24],
  ["224.0.0.0", 4],
  ["240.0.0.0", 4],
] as const) {
  blocked.addSubnet(net, prefix, "ipv4");
}
for (const [net, prefix] of [
  ["::", 128],
  ["::1", 128],
  // IPv4-compatible (deprecated) and NAT64 forms reach IPv4 addresses through a translator.
  ["::", 96],
  ["64:ff9b::", 96],
  ["64:ff9b:1::", 48],
  ["100::", 64],
  ["2001::", 23],
  ["2001:db8::", 32],
  ["2002::", 16],
  ["fc00::", 7],
  ["fe80::", 10],
  ["fec0::", 10],
  ["ff00::", 8],
] as const) {
  blocked.addSubnet(net, prefix, "ipv6");
}

/** Whether an IP address is one the internet routes to someone else (IPv4-mapped IPv6 as its IPv4 address). */
export function isPublicAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 0) return false;
  // BlockList checks an IPv4-mapped address (::ffff:a.b.c.d) against the IPv4 rules.
  return !blocked.check(address, family === 6 ? "ipv6" : "ipv4");
}

const bare = (hostname: string) => (hostname.startsWith("[") && hostname.endsWith("]") ? hostname.slice(1, -1) : hostname);

/** Checks a host and port and resolves the host; every address must pass (one private answer refuses all). */
export async function checkHost(host: string, port: number, ports: readonly number[], policy: TargetPolicy): Promise<CheckedTarget> {
  const name = bare(host);
  if (!policy.allowPrivate && !ports.includes(port)) throw new TargetRefusedError("port", name);
  let addresses: ResolvedAddress[];
  const literal = isIP(name);
  if (literal !== 0) addresses = [{ address: name, family: literal === 6 ? 6 : 4 }];
  else {
    try {
      addresses = await (policy.resolve ?? systemResolve)(name);
    } catch {
      throw new TargetRefusedError("unresolved", name);
    }
    if (addresses.length === 0) throw new TargetRefusedError("unresolved", name);
  }
  if (!policy.allowPrivate && !addresses.every((a) => isPublicAddress(a.address))) throw new TargetRefusedError("private", name);
  return { host: name, port, addresses };
}

/** Checks a webhook address: http or https, no user or password, a usual port, public addresses only. */
export async function checkWebTarget(address: string, policy: TargetPolicy): Promise<CheckedTarget & { url: URL }> {
  let url: URL;
  try {
    url = new URL(address);
  } catch {
    throw new TargetRefusedError("scheme", address);
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") throw new TargetRefusedError("scheme", url.hostname);
  if (url.username !== "" || url.password !== "") throw new TargetRefusedError("credentials", url.hostname);
  const port = url.port === "" ? (url.protocol === "https:" ? 443 : 80) : Number(url.port);
  return { url, ...(await checkHost(url.hostname, port, TARGET_WEB_PORTS, policy)) };
}

/** The socket's lookup: only the checked addresses, whatever DNS says now. */
function pinned(addresses: readonly ResolvedAddress[]): LookupFunction {
  return (_hostname, options, callback) => {
    const wanted = options.family === 4 || options.family === 6 ? addresses.filter((a) => a.family === options.family) : addresses;
    const list = wanted.length > 0 ? wanted : addresses;
    if (options.all) (callback as unknown as (err: null, all: readonly ResolvedAddress[]) => void)(null, list);
    else callback(null, list[0]!.address, list[0]!.family);
  };
}

export interface PostAnswer {
  status: number;
  /** Seconds to wait from a 429's Retry-After header, if it gives them. */
  retryAfter: number | null;
  /** The answer's first `maxBytes` bytes as text. */
  body: string;
}

export interface PostOptions {
  headers?: Record<string, string>;
  timeoutMs: number;
  /** How much of the answer is read (the rest is dropped). */
  maxBytes?: number;
}

/**
 * POSTs `body` to a checked webhook, connecting only to its checked addresses. A redirect is an answer
 * like any other (3xx): its Location is never requested. Rejects on a network error or the timeout.
 */
export function postToTarget(target: CheckedTarget & { url: URL }, body: string, options: PostOptions): Promise<PostAnswer> {
  const client = target.url.protocol === "https:" ? https : http;
  const maxBytes = options.maxBytes ?? 16_384;
  return new Promise<PostAnswer>((resolve, reject) => {
    const request = client.request(
      target.url,
      {
        method: "POST",
        agent: false,
        lookup: pinned(target.addresses),
        timeout: options.timeoutMs,
        headers: { "content-type": "application/json", "content-length": Buffer.byteLength(body), ...options.headers },
      },
      (response) => {
        const chunks: Buffer[] = [];
        let size = 0;
        response.on("data", (chunk: Buffer) => {
          if (size < maxBytes) chunks.push(chunk.subarray(0, maxBytes - size));
          size += chunk.length;
        });
        response.on("end", () => {
          const header = response.headers["retry-after"];
          const seconds = header === undefined ? NaN : Number(header);
          resolve({ status: response.statusCode ?? 0, retryAfter: Number.isFinite(seconds) && seconds >= 0 ? seconds : null, body: Buffer.concat(chunks).toString("utf8") });
        });
        response.on("error", reject);
      },
    );
    request.on("timeout", () => request.destroy(new Error(`no answer within ${options.timeoutMs} ms`)));
    request.on("error", reject);
    request.end(body);
  });
}
