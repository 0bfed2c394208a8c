// Signing a user out everywhere: a new password on the profile and the admin's "revoke
// sessions" also revoke the user's runner tokens — their runner and bot sockets end at once and the
// token is refused at the next handshake. Admins see a user's runners and may revoke a single one.
import type { RevokeSessionsResponse, RunnerListItem, UserDetailResponse } from "@dsbot/protocol";
import { errorMessages, socketErrors } from "@dsbot/protocol";
import { describe, expect, it } from "vitest";
import type { TestSocket } from "../../../test/bots.js";
import { ack, openSocket, pairRunner, runningBot } from "../../../test/bots.js";
import { bearer, createUser, loginAdmin, loginAs } from "../../../test/factories.js";
import type { TestApp } from "../../../test/test-app.js";
import { useListeningApp } from "../../../test/listening-app.js";

let app: TestApp;
let url: string;
const sockets = useListeningApp((a, u) => ((app = a), (url = u)));

const call = (token: string, method: "GET" | "POST" | "DELETE", path: string, payload?: object) =>
  app.fastify.inject({ method, url: path, headers: bearer(token), ...(payload ? { payload } : {}) });

/** The user's own runner list (profile / Dsbot page). */
async function ownRunners(webToken: string): Promise<RunnerListItem[]> {
  const response = await call(webToken, "GET", "/api/dsbot-auth/tokens");
  expect(response.statusCode).toBe(200);
  return response.json<{ runners: RunnerListItem[] }>().runners;
}

/** The admin's user detail. */
async function userDetail(adminToken: string, userId: number): Promise<UserDetailResponse> {
  const response = await call(adminToken, "GET", `/api/users/${userId}`);
  expect(response.statusCode).toBe(200);
  return response.json<UserDetailResponse>();
}

/** A runner socket for the token, connected. */
async function connectRunner(token: string): Promise<TestSocket> {
  const runner = openSocket(url, { token, origin: "bot-user" }, sockets);
  expect(await runner.outcome).toBe("connected");
  return runner;
}

/** A fresh handshake with the token: what the server answers. */
const handshake = (token: string) => openSocket(url, { token, origin: "bot-user" }, sockets).outcome;

describe("a new password on the profile", () => {
  it("revokes the user's runner tokens: runner and bot socket end, the token is refused, the list is empty", async () => {
    const user = await createUser(app);
    const web = await loginAs(app, user);
    const { runner, botSocket, runnerToken } = await runningBot(app, url, web, sockets);
    expect(await ownRunners(web)).toEqual([expect.objectContaining({ name: "Test-PC", connected: true })]);
    const runnerGone = runner.disconnected();
    const botGone = botSocket.disconnected();

    const changed = await call(web, "POST", "/api/profile/password", { currentPassword: user.password, newPassword: "neues-passwort-9" });
    expect(changed.statusCode).toBe(204);

    expect(await runnerGone).toBe("io server disconnect");
    expect(await botGone).toBe("io server disconnect");
    expect(await handshake(runnerToken)).toBe(socketErrors.unauthorized);
    // The session that changed the password stays and sees no runner left.
    expect(await ownRunners(web)).toEqual([]);
  });
});

describe("the admin's DELETE /api/users/{id}/sessions", () => {
  it("revokes web sessions and runner tokens alike: the sockets end and the token is refused", async () => {
    const user = await createUser(app);
    const web = await loginAs(app, user);
    const { runner, botSocket, runnerToken } = await runningBot(app, url, web, sockets);
    expect(await ownRunners(web)).toEqual([expect.objectContaining({ name: "Test-PC", connected: true })]);
    const admin = await loginAdmin(app);
    const runnerGone = runner.disconnected();
    const botGone = botSocket.disconnected();

    const revoked = await call(admin, "DELETE", `/api/users/${user.id}/sessions`);
    expect(revoked.statusCode).toBe(200);
    expect(revoked.json<RevokeSessionsResponse>()).toEqual({ revoked: 1, revokedRunners: 1 });

    expect(await runnerGone).toBe("io server disconnect");
    expect(await botGone).toBe("io server disconnect");
    expect(await handshake(runnerToken)).toBe(socketErrors.unauthorized);
    expect((await call(web, "GET", "/api/auth/me")).statusCode).toBe(401);
    const after = await userDetail(admin, user.id);
    expect(after.runners).toEqual([]);
    expect(after.sessions).toEqual([]);
  });
});

describe("the admin's runner list of a user", () => {
  it("lists the user's runners and revokes one; another user's runner is not found (404) and untouched", async () => {
    const user = await createUser(app);
    const other = await createUser(app);
    const web = await loginAs(app, user);
    const otherWeb = await loginAs(app, other);
    const first = await pairRunner(app, web, "Erster-PC");
    const kept = await pairRunner(app, web, "Zweiter-PC");
    const foreign = await pairRunner(app, otherWeb, "Fremder-PC");
    const firstSocket = await connectRunner(first.token);
    const keptSocket = await connectRunner(kept.token);
    const foreignSocket = await connectRunner(foreign.token);
    const admin = await loginAdmin(app);

    const listed = await userDetail(admin, user.id);
    expect(listed.runners).toEqual([
      expect.objectContaining({ id: first.runnerId, name: "Erster-PC", connected: true }),
      expect.objectContaining({ id: kept.runnerId, name: "Zweiter-PC", connected: true }),
    ]);

    const wrongUser = await call(admin, "DELETE", `/api/users/${user.id}/runners/${foreign.runnerId}`);
    expect(wrongUser.statusCode).toBe(404);
    expect(wrongUser.json()).toEqual({ error: { code: "not_found", message: errorMessages.runnerNotFound } });
    expect(await ack(foreignSocket, "runner:bots")).toEqual({ ok: true, bots: [] });
    expect(await ownRunners(otherWeb)).toEqual([expect.objectContaining({ id: foreign.runnerId, connected: true })]);

    const firstGone = firstSocket.disconnected();
    expect((await call(admin, "DELETE", `/api/users/${user.id}/runners/${first.runnerId}`)).statusCode).toBe(204);
    expect(await firstGone).toBe("io server disconnect");
    expect(await handshake(first.token)).toBe(socketErrors.unauthorized);
    // The other runner of the user is not affected.
    expect(await ack(keptSocket, "runner:bots")).toEqual({ ok: true, bots: [] });
    expect((await userDetail(admin, user.id)).runners).toEqual([expect.objectContaining({ id: kept.runnerId, connected: true })]);
    expect(await ownRunners(web)).toEqual([expect.objectContaining({ id: kept.runnerId, name: "Zweiter-PC" })]);

    const again = await call(admin, "DELETE", `/api/users/${user.id}/runners/${first.runnerId}`);
    expect(again.statusCode).toBe(404);
    expect(again.json().error.message).toBe(errorMessages.runnerNotFound);
  });
});
