import type { GamePage } from "@dsbot/protocol";
import { describe, expect, it } from "vitest";
import { fetchOverview, normalizeServerUrl, pollPairing } from "./api";
import type { Http, HttpRequest } from "./gm";
import { texts } from "./texts";

const page: GamePage = { world: { server: "die-staemme.de", world: "de231" }, villageId: 12, screen: "overview", targetVillageId: null };
const answer = (status: number, body: unknown): Http => async () => ({ status, body: typeof body === "string" ? body : JSON.stringify(body) });

describe("the dsbot server from the userscript", () => {
  it("takes a server address with or without a trailing slash, never another scheme", () => {
    expect(normalizeServerUrl(" https://dsbot.example/ ")).toBe("https://dsbot.example");
    expect(normalizeServerUrl("http://127.0.0.1:3000")).toBe("http://127.0.0.1:3000");
    expect(normalizeServerUrl("javascript:alert(1)")).toBeNull();
    expect(normalizeServerUrl("dsbot.example")).toBeNull();
  });

  it("asks for the page's world and village with the token", async () => {
    const sent: HttpRequest[] = [];
    const http: Http = async (request) => {
      sent.push(request);
      return { status: 200, body: JSON.stringify({ tabRequests: [], attacks: [], serverTime: 5 }) };
    };
    expect(await fetchOverview(http, "https://dsbot.example", "geheim", page)).toEqual({ ok: true, data: { tabRequests: [], attacks: [], serverTime: 5 } });
    expect(sent[0]?.url).toBe("https://dsbot.example/api/userscript/overview?server=die-staemme.de&world=de231&village=12");
    expect(sent[0]?.headers.authorization).toBe("Bearer geheim");
  });

  it("says in German what went wrong", async () => {
    expect(await fetchOverview(answer(401, { error: { code: "unauthorized", message: "Bitte melde dich an." } }), "s", "t", page)).toMatchObject({ ok: false, message: texts.errors.unauthorized });
    expect(await fetchOverview(answer(400, { error: { code: "bad_request", message: "Ungültige Welt" } }), "s", "t", page)).toMatchObject({ ok: false, message: "Ungültige Welt" });
    expect(await fetchOverview(answer(200, { tabRequests: "nein" }), "s", "t", page)).toMatchObject({ ok: false, message: texts.errors.unexpected });
    expect(await fetchOverview(answer(502, "<html>"), "s", "t", page)).toMatchObject({ ok: false, message: texts.errors.status(502) });
    const offline: Http = () => Promise.reject(new Error("network"));
    expect(await fetchOverview(offline, "s", "t", page)).toMatchObject({ ok: false, message: texts.errors.unreachable, status: null });
  });

  it("polls the pairing until the token comes, slowing down when asked", async () => {
    const error = (code: string) => answer(400, { error: { code, message: "…" } });
    expect(await pollPairing(error("authorization_pending"), "s", "d")).toEqual({ state: "pending", slowDown: false });
    expect(await pollPairing(error("slow_down"), "s", "d")).toEqual({ state: "pending", slowDown: true });
    expect(await pollPairing(error("access_denied"), "s", "d")).toEqual({ state: "failed", message: texts.pairing.denied });
    expect(await pollPairing(error("expired_token"), "s", "d")).toEqual({ state: "failed", message: texts.pairing.expired });
    expect(await pollPairing(answer(200, { token: "tok", name: "Userscript de231" }), "s", "d")).toEqual({ state: "done", token: "tok" });
  });
});
