// An error log names where a query failed, never the values a request sent (a
// failed query's message lists its parameters, PostgreSQL's `detail` repeats the row).
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bearer, createUser, loginAs } from "../../test/factories.js";
import type { TestApp } from "../../test/test-app.js";
import { captureLog, createTestApp } from "../../test/test-app.js";
import { serializeError } from "./log-errors.js";

describe("serializeError", () => {
  it("cuts the parameters from a failed query's message and stack, keeping the SQL", () => {
    const error = new Error("Failed query: select * from users where username_key = $1\nparams: geheim-wert,42");
    const logged = serializeError(error);
    expect(logged.type).toBe("Error");
    expect(logged.message).toBe("Failed query: select * from users where username_key = $1\nparams: [redacted]");
    expect(logged.stack).toContain("params: [redacted]");
    expect(JSON.stringify(logged)).not.toContain("geheim-wert");
  });

  it("keeps the driver's location fields but not detail, hint or where; follows causes", () => {
    const driver = Object.assign(new Error('new row for relation "users" violates check constraint "c"'), {
      code: "23514",
      constraint: "c",
      table: "users",
      severity: "ERROR",
      detail: "Failing row contains (1, geheim-wert).",
      hint: "geheim-wert",
      where: "geheim-wert",
      parameters: ["geheim-wert"],
    });
    class DrizzleQueryError extends Error {}
    const wrapped = new DrizzleQueryError("Failed query: insert into users values ($1)\nparams: geheim-wert", { cause: driver });
    Object.assign(wrapped, { query: "insert into users values ($1)", params: ["geheim-wert"] });
    const logged = serializeError(wrapped);
    expect(logged).toMatchObject({ type: "DrizzleQueryError", query: "insert into users values ($1)" });
    expect(logged.cause).toMatchObject({ type: "Error", code: "23514", constraint: "c", table: "users", severity: "ERROR" });
    expect(JSON.stringify(logged)).not.toContain("geheim-wert");
  });

  it("stops after a few causes and survives what is not an Error", () => {
    let error: Error = new Error("innermost");
    for (let i = 0; i < 10; i++) error = new Error(`level ${i}`, { cause: error });
    let depth = 0;
    for (let logged = serializeError(error); logged.cause; logged = logged.cause) depth += 1;
    expect(depth).toBe(3);
    expect(serializeError("a string with geheim-wert")).toEqual({ type: "string", message: "non-error thrown", stack: "" });
    expect(serializeError({ message: "geheim-wert" })).toEqual({ type: "object", message: "non-error thrown", stack: "" });
  });
});

describe("a failing query in the log", () => {
  const log = captureLog();
  let app: TestApp;
  beforeAll(async () => {
    app = await createTestApp({ logLevel: "info" }, { logStream: log.stream });
  });
  afterAll(() => app?.dispose());

  it("answers 500 and logs the error with its SQL but without the request's values", async () => {
    const token = await loginAs(app, await createUser(app));
    // Make the next insert fail inside the database, with the request's values as query parameters.
    await app.db.execute(sql`alter table notifications add constraint no_secrets check (title not like 'Geheim%')`);
    const secret = "Geheim-7f3a9c-Titel";
    const response = await app.fastify.inject({
      method: "POST",
      url: "/api/user-notifications",
      headers: bearer(token),
      payload: { title: secret, message: "Nachricht-b81e44" },
    });
    expect(response.statusCode).toBe(500);
    expect(response.json()).toEqual({ error: { code: "internal", message: expect.any(String) } });
    expect(response.body).not.toContain(secret);

    const errors = log.lines().filter((line) => line.level === 50);
    expect(errors).toHaveLength(1);
    const err = errors[0]?.err as Record<string, unknown>;
    expect(String(err.message)).toContain("insert into \"notifications\"");
    expect(String(err.message)).toContain("params: [redacted]");
    expect(err.cause).toMatchObject({ code: "23514", constraint: "no_secrets" });
    expect(log.text()).not.toContain(secret);
    expect(log.text()).not.toContain("Nachricht-b81e44");
  });
});
