// `npm start` (demo data with the well-known demo login) binds to this machine
// only unless HOST is set, and the start banner says so and how to open it to the network.
import { describe, expect, it } from "vitest";
import { banner } from "./banner.js";
import { loadConfig } from "./core/config.js";
import type { BootstrapResult } from "./modules/bootstrap/bootstrap.js";

describe("HOST with and without demo data", () => {
  it("binds to 127.0.0.1 with demo data unless HOST is set", () => {
    expect(loadConfig({ DSBOT_DEMO: "1" }).host).toBe("127.0.0.1");
    expect(loadConfig({ DSBOT_DEMO: "true" }).host).toBe("127.0.0.1");
    // An empty HOST counts as unset.
    expect(loadConfig({ DSBOT_DEMO: "1", HOST: "" }).host).toBe("127.0.0.1");
    expect(loadConfig({ DSBOT_DEMO: "1", HOST: "0.0.0.0" }).host).toBe("0.0.0.0");
    expect(loadConfig({ DSBOT_DEMO: "1", HOST: "192.168.1.20" }).host).toBe("192.168.1.20");
  });

  it("binds to every interface without demo data, as before", () => {
    expect(loadConfig({}).host).toBe("0.0.0.0");
    expect(loadConfig({ DSBOT_DEMO: "0" }).host).toBe("0.0.0.0");
    expect(loadConfig({ HOST: "::" }).host).toBe("::");
  });
});

describe("start banner", () => {
  const demo: BootstrapResult = {
    adminUsername: "admin",
    adminPassword: undefined,
    adminPasswordGenerated: false,
    demoUser: { username: "demo", password: "demo1234" },
    usernameKeyClashes: [],
  };
  const database = { kind: "pglite" as const, location: "./data/pglite" };
  const networkHint = "HOST=0.0.0.0 DSBOT_DEMO_PASSWORD=<eigenes Passwort> npm start";

  it("with demo data on loopback: says it is reachable from this machine only and how to open it", () => {
    const text = banner({ bootstrap: demo, database }, loadConfig({ DSBOT_DEMO: "1" }), 3000);
    expect(text).toContain("Gebunden an:   127.0.0.1");
    expect(text).toContain("Nur auf diesem Rechner erreichbar");
    expect(text).toContain(networkHint);
    expect(text).toContain("Demo-Zugang:   demo / demo1234");
    expect(banner({ bootstrap: demo, database }, { host: "localhost" }, 3000)).toContain(networkHint);
  });

  it("gives no such hint once HOST opened it, or without demo data", () => {
    const open = banner({ bootstrap: demo, database }, loadConfig({ DSBOT_DEMO: "1", HOST: "0.0.0.0" }), 3000);
    expect(open).not.toContain("Nur auf diesem Rechner");
    expect(open).not.toContain("Gebunden an");
    const noDemo = banner({ bootstrap: { ...demo, demoUser: undefined }, database }, { host: "127.0.0.1" }, 3000);
    expect(noDemo).not.toContain(networkHint);
    expect(noDemo).toContain("Gebunden an:   127.0.0.1");
  });

  it("is one box whose lines all have the same width", () => {
    const lines = banner({ bootstrap: demo, database }, { host: "127.0.0.1" }, 3000).split("\n");
    expect(lines[0]?.startsWith("╔")).toBe(true);
    expect(lines.at(-1)?.startsWith("╚")).toBe(true);
    expect(new Set(lines.map((l) => l.length)).size).toBe(1);
  });
});
