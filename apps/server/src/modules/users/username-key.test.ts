// Names whose case folding differs between JavaScript and the database's lower()
// (İbrahim, ΣΟΦΟΣ, Straße) can be created and then log in; uniqueness, lookup, login and the login
// limit all use the one key usernameKey computes; a wrong stored key is put right at start.
import type { LoginResponse, UserDetailResponse } from "@dsbot/protocol";
import { errorMessages, usernameKey } from "@dsbot/protocol";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bearer, createUser, knownWorld, login, loginAdmin, loginAs } from "../../../test/factories.js";
import type { TestApp } from "../../../test/test-app.js";
import { TEST_ADMIN, createSecondInstance, createTestApp } from "../../../test/test-app.js";
import { users } from "../../db/schema.js";
import { reconcileUsernameKeys } from "./users.service.js";

let app: TestApp;
let adminToken: string;
beforeAll(async () => {
  app = await createTestApp();
  adminToken = await loginAdmin(app);
  await knownWorld(app, { server: "die-staemme.de", world: "de231" });
});
afterAll(() => app?.dispose());

const PASSWORD = "geheim-123";

async function createViaApi(username: string, password = PASSWORD) {
  return app.fastify.inject({
    method: "POST",
    url: "/api/users",
    headers: bearer(adminToken),
    payload: { username, password, role: "user", world: { server: "die-staemme.de", world: "de231" } },
  });
}

async function create(username: string, password = PASSWORD): Promise<{ id: number; username: string }> {
  const response = await createViaApi(username, password);
  expect(response.statusCode, response.body).toBe(201);
  return response.json<UserDetailResponse>().user;
}

/** Each test logs in from its own address so the guess limit of one test never touches another. */
let addresses = 0;
const freshIp = () => `203.0.113.${++addresses}`;

async function logsInAs(spelling: string, password: string, ip: string): Promise<number> {
  const response = await login(app, { username: spelling, password }, ip);
  expect(response.statusCode, `${spelling}: ${response.body}`).toBe(200);
  return response.json<LoginResponse>().user.id;
}

async function refused(spelling: string, password: string, ip: string): Promise<void> {
  const response = await login(app, { username: spelling, password }, ip);
  expect(response.statusCode, `${spelling}: ${response.body}`).toBe(401);
  expect(response.json()).toEqual({ error: { code: "unauthorized", message: errorMessages.invalidCredentials } });
}

describe("names the database's lower() folded differently", () => {
  it("İbrahim logs in as typed and in other case; the plain-i Ibrahim is someone else", async () => {
    const ibrahim = await create("İbrahim");
    expect(ibrahim.username).toBe("İbrahim");
    const ip = freshIp();
    for (const spelling of ["İbrahim", "İBRAHIM", "İbrahim".toLowerCase(), "i\u0307brahim", " İbrahim "]) {
      expect(await logsInAs(spelling, PASSWORD, ip)).toBe(ibrahim.id);
    }
    // İ folds to i + dot above, not to the plain i: "Ibrahim" is not this user …
    await refused("Ibrahim", PASSWORD, freshIp());
    // … and may be created as a user of its own, each logging in with its own password.
    const plain = await create("Ibrahim", "anderes-passwort-1");
    expect(plain.id).not.toBe(ibrahim.id);
    expect(await logsInAs("ibrahim", "anderes-passwort-1", ip)).toBe(plain.id);
    expect(await logsInAs("İBRAHIM", PASSWORD, ip)).toBe(ibrahim.id);
  });

  it("ΣΟΦΟΣ logs in with final and medial sigma alike, and is one name", async () => {
    const sofos = await create("ΣΟΦΟΣ");
    const ip = freshIp();
    for (const spelling of ["ΣΟΦΟΣ", "σοφος", "σοφοσ", "Σοφος", "ΣΟΦΟς"]) {
      expect(await logsInAs(spelling, PASSWORD, ip)).toBe(sofos.id);
    }
    const duplicate = await createViaApi("σοφοσ");
    expect(duplicate.statusCode).toBe(409);
    expect(duplicate.json()).toEqual({ error: { code: "conflict", message: errorMessages.usernameTaken } });
  });

  it("Straße logs in as STRASSE, strasse and STRAẞE; Strasse is the same name", async () => {
    const strasse = await create("Straße");
    const ip = freshIp();
    for (const spelling of ["Straße", "STRASSE", "strasse", "STRAẞE", "straße"]) {
      expect(await logsInAs(spelling, PASSWORD, ip)).toBe(strasse.id);
    }
    expect((await createViaApi("Strasse")).statusCode).toBe(409);
    expect((await createViaApi("STRAẞE")).statusCode).toBe(409);
  });

  it("ADMİN is its own user, not a second spelling of admin; both stay consistent", async () => {
    const admin = await app.db.select().from(users).where(eq(users.username, TEST_ADMIN.username));
    const adminId = admin[0]?.id;
    const dotted = await create("ADMİN", "dotted-passwort-1");
    expect(dotted.id).not.toBe(adminId);
    expect(dotted.username).toBe("ADMİN");
    const ip = freshIp();
    for (const spelling of ["ADMİN", "admİn", "ADMİN".toLowerCase()]) expect(await logsInAs(spelling, "dotted-passwort-1", ip)).toBe(dotted.id);
    for (const spelling of ["admin", "ADMIN", "Admin"]) expect(await logsInAs(spelling, TEST_ADMIN.password, ip)).toBe(adminId);
    await refused("ADMİN", TEST_ADMIN.password, freshIp());
    await refused("admin", "dotted-passwort-1", freshIp());
    // Creating it again in another case is a duplicate of ADMİN; the lookup finds each by its own key.
    expect((await createViaApi("admİn")).statusCode).toBe(409);
    const lookup = (name: string) =>
      app.fastify.inject({ method: "GET", url: `/api/users/lookup?username=${encodeURIComponent(name)}`, headers: bearer(adminToken) });
    expect((await lookup("admİn")).json()).toEqual({ user: { id: dotted.id, username: "ADMİN" } });
    expect((await lookup("ADMIN")).json()).toEqual({ user: { id: adminId, username: TEST_ADMIN.username } });
  });

  it("full-width letters are stored and found as the plain name", async () => {
    const wide = await create("Ｖｏｌｌ＿ｂｒｅｉｔ");
    expect(wide.username).toBe("Voll_breit");
    const ip = freshIp();
    for (const spelling of ["Voll_breit", "voll_breit", "ＶＯＬＬ＿ＢＲＥＩＴ", "ｖｏｌｌ＿ｂｒｅｉｔ"]) {
      expect(await logsInAs(spelling, PASSWORD, ip)).toBe(wide.id);
    }
    expect((await createViaApi("VOLL_BREIT")).statusCode).toBe(409);
  });

  it("stores the key computed in JavaScript", async () => {
    const rows = await app.db.select({ username: users.username, key: users.usernameKey }).from(users);
    expect(rows.length).toBeGreaterThan(5);
    for (const row of rows) expect(row.key, row.username).toBe(usernameKey(row.username));
  });

  it("counts wrong passwords under every spelling of one name together", async () => {
    const user = await create("Maße");
    const ip = freshIp();
    for (const spelling of ["Maße", "MASSE", "masse", "MAẞE", "maße"]) await refused(spelling, "falsch-falsch", ip);
    const sixth = await login(app, { username: "Masse", password: PASSWORD }, ip);
    expect(sixth.statusCode).toBe(429);
    expect(sixth.json()).toEqual({ error: { code: "too_many_requests", message: errorMessages.tooManyAttempts } });
    // Another address is not affected.
    expect(await logsInAs("MASSE", PASSWORD, freshIp())).toBe(user.id);
  });
});

describe("reconcileUsernameKeys", () => {
  it("puts a wrong stored key right at start (as left by the migration's lower())", async () => {
    const user = await createUser(app, { username: "İzmir_Start", password: PASSWORD });
    // What lower(normalize(…)) in a C-locale database would have stored: the İ left as it is.
    await app.db.update(users).set({ usernameKey: "İzmir_start" }).where(eq(users.id, user.id));
    await refused("İZMIR_START", PASSWORD, freshIp());

    const second = await createSecondInstance(app);
    try {
      expect(second.bootstrap.usernameKeyClashes).toEqual([]);
    } finally {
      await second.close();
    }
    const [row] = await app.db.select({ key: users.usernameKey }).from(users).where(eq(users.id, user.id));
    expect(row?.key).toBe(usernameKey("İzmir_Start"));
    expect(await logsInAs("İZMIR_START", PASSWORD, freshIp())).toBe(user.id);
    expect(await logsInAs("i\u0307zmir_start", PASSWORD, freshIp())).toBe(user.id);
  });

  it("leaves a key that would clash as it is and reports the name", async () => {
    const first = await createUser(app, { username: "Klausi" });
    const other = await createUser(app, { username: "Klaus_zwei" });
    // A name that folds to the first one's key, stored with a stale key of its own.
    await app.db.execute(sql`update users set username = 'KLAUSI', username_key = 'stale-klausi' where id = ${other.id}`);
    const result = await reconcileUsernameKeys(app.db);
    expect(result.clashes).toEqual(["KLAUSI"]);
    const keys = await app.db.select({ id: users.id, key: users.usernameKey }).from(users).where(sql`${users.id} in (${first.id}, ${other.id})`);
    expect(Object.fromEntries(keys.map((k) => [k.id, k.key]))).toEqual({ [first.id]: "klausi", [other.id]: "stale-klausi" });
    expect(await loginAs(app, { username: "klausi", password: first.password }, freshIp())).toEqual(expect.any(String));
    // Nothing else needed fixing: running it again changes nothing.
    expect(await reconcileUsernameKeys(app.db)).toEqual({ fixed: 0, clashes: ["KLAUSI"] });
  });
});
