import { apiErrorSchema, authRoutes, profileRoutes, userRoutes } from "@dsbot/protocol";
import { act } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { adminUser } from "@/test/fixtures";
import { apiError, json, mockFetch, mockNetworkDown } from "@/test/fetch-mock";
import { NETWORK_ERROR_ALERT_ID, useAlertStore } from "./alerts";
import { api, ApiError, parseApiErrorBody } from "./api";
import { registerApiErrorHandling } from "./api-error-handling";
import { useSession } from "./session";

const NETWORK_TEXT = "Beim Verbinden mit dem Server ist ein Fehler aufgetreten. Bitte versuche es später erneut.";

function visit(path: string) {
  window.history.replaceState(null, "", path);
}

beforeEach(() => {
  registerApiErrorHandling();
  useAlertStore.setState({ alerts: [] });
  useSession.setState({ token: "tok", user: adminUser });
  visit("/users");
});

afterEach(() => {
  useSession.setState({ token: null, user: null });
});

describe("api client", () => {
  it("sends the bearer token and JSON, and returns the answer", async () => {
    const fetch = mockFetch({ "POST /api/users": () => json(201, { ok: true }) });
    await expect(api.call(userRoutes.create, { body: { a: 1 } as never })).resolves.toEqual({ ok: true });
    const init = fetch.mock.calls[0]?.[1];
    expect(init?.headers).toMatchObject({ authorization: "Bearer tok", "content-type": "application/json" });
    expect(init?.body).toBe(JSON.stringify({ a: 1 }));
  });

  it("turns the server's error body into an ApiError with status, code, message and issues", async () => {
    mockFetch({
      "POST /api/users": () =>
        json(409, { error: { code: "conflict", message: "Dieser Benutzername ist bereits vergeben.", issues: [{ path: "username", message: "x" }] } }),
    });
    const error = await api.call(userRoutes.create, { body: {} as never }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 409, code: "conflict", message: "Dieser Benutzername ist bereits vergeben." });
    expect((error as ApiError).issues).toEqual([{ path: "username", message: "x" }]);
  });
});

describe("api.call", () => {
  it("fills in the path's parameters (encoded), writes the query and leaves empty values out", async () => {
    const fetch = mockFetch({ "DELETE /api/users/7/runners/a%2Fb": () => new Response(null, { status: 204 }) });
    await api.call(userRoutes.revokeRunner, { params: { id: 7, runnerId: "a/b" } });
    const listed = mockFetch({ "GET /api/users": () => json(200, { users: [], totals: 0 }) });
    await api.call(userRoutes.list, { query: { searchVal: "", perPage: 10, sortBy: ["a", "b"] } });
    expect(fetch.mock.calls[0]?.[0]).toMatch(/\/api\/users\/7\/runners\/a%2Fb$/);
    expect(listed.mock.calls[0]?.[0]).toMatch(/\/api\/users\?perPage=10&sortBy=a%2Cb$/);
  });

  it("refuses a call that lacks a parameter of its path instead of asking for /undefined", async () => {
    const fetch = mockFetch({});
    await expect(api.call(userRoutes.detail, { params: {} as never })).rejects.toThrow("route parameter missing: id in /api/users/:id");
    expect(fetch).not.toHaveBeenCalled();
  });
});

describe("error bodies (checked by hand, without zod)", () => {
  const bodies: [string, unknown][] = [
    ["code and message", { error: { code: "not_found", message: "Nicht gefunden." } }],
    ["with issues", { error: { code: "bad_request", message: "Die Eingabe ist ungültig.", issues: [{ path: "username", message: "Eingabe erforderlich" }] } }],
    ["empty issues", { error: { code: "bad_request", message: "x", issues: [] } }],
    ["unknown keys dropped", { error: { code: "c", message: "m", extra: 1, issues: [{ path: "a", message: "b", more: true }] }, other: 2 }],
    ["issues undefined", { error: { code: "c", message: "m", issues: undefined } }],
    ["issues null", { error: { code: "c", message: "m", issues: null } }],
    ["issues not an array", { error: { code: "c", message: "m", issues: { path: "a", message: "b" } } }],
    ["an issue without message", { error: { code: "c", message: "m", issues: [{ path: "a" }] } }],
    ["an issue with a numeric path", { error: { code: "c", message: "m", issues: [{ path: 1, message: "b" }] } }],
    ["an issue that is null", { error: { code: "c", message: "m", issues: [null] } }],
    ["numeric code", { error: { code: 404, message: "m" } }],
    ["missing message", { error: { code: "c" } }],
    ["error is a string", { error: "kaputt" }],
    ["error is an array", { error: [] }],
    ["error is null", { error: null }],
    ["body is an array", [{ error: { code: "c", message: "m" } }]],
    ["body is a string", "Internal Server Error"],
    ["no body", undefined],
    ["null", null],
  ];

  it.each(bodies)("%s: the same answer as apiErrorSchema", (_name, body) => {
    const parsed = apiErrorSchema.safeParse(body);
    expect(parseApiErrorBody(body)).toEqual(parsed.success ? parsed.data.error : null);
  });

  it("an answer that is no error body becomes the German fallback with code http_<status>", async () => {
    mockFetch({ "GET /api/users": () => json(500, { error: { code: "internal", issues: "x" } }) });
    const error = await api.call(userRoutes.list).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 500, code: "http_500", message: "Es ist ein unerwarteter Fehler aufgetreten.", issues: [] });
  });

  it("an error body without issues gives an empty issue list", async () => {
    mockFetch({ "GET /api/users": () => apiError(403, "forbidden", "Dafür fehlt dir die Berechtigung.") });
    const error = await api.call(userRoutes.list).catch((e: unknown) => e);
    expect(error).toMatchObject({ status: 403, code: "forbidden", message: "Dafür fehlt dir die Berechtigung.", issues: [] });
  });
});

describe("network errors", () => {
  it("show one 20000 ms warning and never a second one while it is showing", async () => {
    mockNetworkDown();
    await act(async () => {
      await expect(api.call(userRoutes.list)).rejects.toMatchObject({ status: 0 });
      await expect(api.call(profileRoutes.sessions)).rejects.toBeInstanceOf(ApiError);
    });
    const alerts = useAlertStore.getState().alerts;
    expect(alerts).toHaveLength(1);
    expect(alerts[0]).toMatchObject({ id: NETWORK_ERROR_ALERT_ID, variant: "warning", timeout: 20000, message: NETWORK_TEXT });
  });

  it("show the warning again once the first one has closed", async () => {
    mockNetworkDown();
    await act(async () => {
      await api.call(userRoutes.list).catch(() => undefined);
    });
    act(() => useAlertStore.getState().remove(NETWORK_ERROR_ALERT_ID));
    await act(async () => {
      await api.call(userRoutes.list).catch(() => undefined);
    });
    expect(useAlertStore.getState().alerts).toHaveLength(1);
  });

  it("show no warning on the login page", async () => {
    visit("/login");
    mockNetworkDown();
    await expect(api.call(authRoutes.login, { body: {} as never })).rejects.toBeInstanceOf(ApiError);
    expect(useAlertStore.getState().alerts).toHaveLength(0);
  });
});

describe("401 answers", () => {
  it("log the user out outside Login, clear the browser storage and still reject", async () => {
    window.sessionStorage.setItem("something", "1");
    mockFetch({ "GET /api/profile/sessions": () => apiError(401, "unauthorized", "Bitte melde dich an.") });
    await expect(api.call(profileRoutes.sessions)).rejects.toMatchObject({ status: 401 });
    expect(useSession.getState()).toMatchObject({ token: null, user: null });
    expect(window.localStorage.length + window.sessionStorage.length).toBe(0);
  });

  it("keep the state on the login page (wrong password)", async () => {
    visit("/login");
    useSession.setState({ token: null, user: null });
    mockFetch({ "POST /api/auth/login": () => apiError(401, "unauthorized", "Benutzername oder Passwort ist falsch.") });
    await expect(api.call(authRoutes.login, { body: {} as never })).rejects.toMatchObject({ message: "Benutzername oder Passwort ist falsch." });
    expect(useAlertStore.getState().alerts).toHaveLength(0);
  });
});
