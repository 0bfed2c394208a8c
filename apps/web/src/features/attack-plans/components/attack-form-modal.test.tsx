import { formatServerTime } from "@dsbot/protocol";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { json } from "@/test/fetch-mock";
import { renderApp } from "@/test/render-app";
import { formatInputTime, parseInputTime } from "../lib/times";
import { makeAttack } from "../test-fixtures";
import { mockPlanPage, setupPlanPageTests } from "../test-setup";

const stats = { buildTime: 1, pop: 1, attack: 1, defense: 1, defenseCavalry: 1, defenseArcher: 1, carry: 1 };
const worldDe230 = {
  id: 1,
  server: "die-staemme.de",
  world: "de230",
  villages: 10,
  players: 2,
  allies: 1,
  dataVersion: 1,
  lastImportAt: null,
  lastSyncAt: null,
  lastSyncError: null,
  syncEnabled: false,
  syncing: false,
  config: null,
  units: { spear: { ...stats, speed: 18 }, axe: { ...stats, speed: 18 }, light: { ...stats, speed: 10 }, ram: { ...stats, speed: 30 }, snob: { ...stats, speed: 35 } },
};

const arrivalMs = Date.UTC(2030, 11, 24, 17, 0, 0, 123);

setupPlanPageTests();

function villages({ url }: { url: URL }) {
  const coords = url.searchParams.get("coords");
  if (coords === "500|500") return json(200, { village: { id: 5, name: "Heimat", coordinates: "500|500", player: { id: 11, name: "Kalle" } } });
  if (coords === "503|504") return json(200, { village: { id: 6, name: "Ziel", coordinates: "503|504", player: null } });
  return json(200, { village: null });
}

/** The plan page with the world's unit speeds and village lookups; answers the bodies POSTed as new attacks. */
function mockAttackCreation(): unknown[] {
  const created: unknown[] = [];
  mockPlanPage({
    routes: {
      "GET /api/worlds": () => json(200, { worlds: [worldDe230] }),
      "GET /api/attack-plans/7/villages": villages,
      "POST /api/attack-plans/7/attacks": ({ body }) => {
        created.push(body);
        return json(201, { attack: makeAttack({ id: 9 }) });
      },
    },
  });
  return created;
}

async function openForm() {
  const user = userEvent.setup();
  renderApp("/attack-plans/7");
  await screen.findByRole("table", { name: "Angriffe" });
  await user.click(await screen.findByRole("button", { name: "Angriff hinzufügen" }));
  const dialog = await screen.findByRole("dialog", { name: "Angriff hinzufügen" });
  return { user, dialog };
}

describe("Angriff hinzufügen / bearbeiten", { timeout: 60_000 }, () => {
  it("looks the villages up, computes the send time with the world's unit speeds and sends the body with the arrival's milliseconds", async () => {
    const created = mockAttackCreation();
    const { user, dialog } = await openForm();
    await user.type(within(dialog).getByRole("textbox", { name: "Startdorf" }), "500|500");
    await user.type(within(dialog).getByRole("textbox", { name: "Zieldorf" }), "503|504");
    expect(await within(dialog).findByText("Heimat · Kalle")).toBeInTheDocument();
    expect(await within(dialog).findByText("Ziel · Barbarendorf")).toBeInTheDocument();
    // Only the world's units are offered.
    expect(within(dialog).queryByRole("textbox", { name: "Bogenschütze" })).not.toBeInTheDocument();
    await user.type(within(dialog).getByRole("textbox", { name: "Axtkämpfer" }), "100");
    await user.type(within(dialog).getByRole("textbox", { name: "Rammbock" }), "10");
    const arrival = within(dialog).getByRole("textbox", { name: "Ankunftszeit" });
    await user.clear(arrival);
    await user.type(arrival, "24.12.2030 18:00:00:123");
    const priority = within(dialog).getByRole("textbox", { name: "Priorität" });
    await user.clear(priority);
    await user.type(priority, "4");
    // 5 fields × 30 min per field = 2:30:00 before the arrival.
    const preview = within(dialog).getByTestId("attack-send-preview");
    await waitFor(() => expect(preview).toHaveTextContent("Abschickzeit: 24.12.30 15:30:00:123"));
    expect(preview).toHaveTextContent("Langsamste Einheit: Rammbock · Laufzeit: 2:30:00");
    await user.click(within(dialog).getByRole("button", { name: "Speichern" }));
    await waitFor(() =>
      expect(created).toEqual([{ from: "500|500", to: "503|504", type: "attack", units: { axe: 100, ram: 10 }, arrival: arrivalMs, priority: 4 }]),
    );
    expect(await screen.findByText("Der Angriff wurde hinzugefügt.")).toBeInTheDocument();
  });

  it("starts a new attack's arrival at the earliest possible one; a past send time is warned about before saving", async () => {
    const created = mockAttackCreation();
    const { user, dialog } = await openForm();
    const opened = Date.now();
    await user.type(within(dialog).getByRole("textbox", { name: "Startdorf" }), "500|500");
    await user.type(within(dialog).getByRole("textbox", { name: "Zieldorf" }), "503|504");
    await user.type(within(dialog).getByRole("textbox", { name: "Rammbock" }), "10");
    // 5 fields of rams take 2:30:00: the arrival moves to the first full minute a minute after that.
    const arrival = within(dialog).getByRole("textbox", { name: "Ankunftszeit" });
    const earliest = (at: number) => formatInputTime(Math.ceil((at + 9_000_000 + 60_000) / 60_000) * 60_000, "Europe/Berlin");
    await waitFor(() => expect([earliest(opened), earliest(Date.now())]).toContain((arrival as HTMLInputElement).value));
    expect(within(dialog).queryByTestId("attack-past-send")).not.toBeInTheDocument();
    expect(within(dialog).getByRole("button", { name: "Speichern" })).toBeInTheDocument();

    // An arrival the rams cannot make any more: warned, and the button says so.
    await user.clear(arrival);
    await user.type(arrival, "01.01.2020 12:00:00:000");
    const warning = await within(dialog).findByTestId("attack-past-send");
    expect(warning).toHaveTextContent("Die Abschickzeit 01.01.20 09:30:00:000 ist schon vorbei: der Angriff würde sofort als „Abgelaufen“ gespeichert.");
    expect(warning).toHaveTextContent(/Früheste Ankunft: \d{2}\.\d{2}\.\d{4} \d{2}:\d{2}:00:000/);
    expect(within(dialog).getByRole("button", { name: "Trotzdem speichern" })).toBeInTheDocument();
    // "Übernehmen" takes the earliest arrival: the warning goes.
    await user.click(within(warning).getByRole("button", { name: "Übernehmen" }));
    await waitFor(() => expect(within(dialog).queryByTestId("attack-past-send")).not.toBeInTheDocument());
    const taken = parseInputTime((arrival as HTMLInputElement).value, "Europe/Berlin");
    expect(taken.ok && taken.value > Date.now() + 9_000_000).toBe(true);
    await user.click(within(dialog).getByRole("button", { name: "Speichern" }));
    await waitFor(() => expect(created).toHaveLength(1));
  });

  it("takes DS Workbench formulas: timed by the slowest unit with one, refused in German before sending when bad", async () => {
    const created = mockAttackCreation();
    const { user, dialog } = await openForm();
    await user.type(within(dialog).getByRole("textbox", { name: "Startdorf" }), "500|500");
    await user.type(within(dialog).getByRole("textbox", { name: "Zieldorf" }), "503|504");
    await user.type(within(dialog).getByRole("textbox", { name: "Axtkämpfer" }), "100");
    await user.click(within(dialog).getByRole("button", { name: "Formeln (DS Workbench) …" }));
    const ramFormula = await within(dialog).findByRole("textbox", { name: "Formel für Rammbock" });
    await user.type(ramFormula, "alles");
    const arrival = within(dialog).getByRole("textbox", { name: "Ankunftszeit" });
    await user.clear(arrival);
    await user.type(arrival, "24.12.2030 18:00:00:123");
    await user.click(within(dialog).getByRole("button", { name: "Speichern" }));
    expect(await within(dialog).findByText("Unbekanntes Wort „alles“ in der Formel (erlaubt: alle, alle_Einheit wie alle_axe, fake, rnd).")).toBeInTheDocument();
    expect(created).toEqual([]);

    await user.clear(ramFormula);
    await user.type(ramFormula, "alle-5");
    // The rams set the speed: 5 fields × 30 min.
    const preview = within(dialog).getByTestId("attack-send-preview");
    await waitFor(() => expect(preview).toHaveTextContent("Langsamste Einheit: Rammbock · Laufzeit: 2:30:00"));
    await user.click(within(dialog).getByRole("button", { name: "Speichern" }));
    await waitFor(() =>
      expect(created).toEqual([
        { from: "500|500", to: "503|504", type: "attack", units: { axe: 100 }, formulas: { ram: "alle-5" }, arrival: arrivalMs, priority: 3 },
      ]),
    );
  });

  it("checks the form before sending and shows the server's issues at their fields", async () => {
    let posts = 0;
    mockPlanPage({
      routes: {
        "GET /api/attack-plans/7/villages": villages,
        "POST /api/attack-plans/7/attacks": () => {
          posts++;
          return json(400, {
            error: { code: "bad_request", message: "Ungültige Eingabe.", issues: [{ path: "to", message: "Zieldorf 503|504 gibt es auf dieser Welt nicht." }] },
          });
        },
      },
    });
    const { user, dialog } = await openForm();
    await user.click(within(dialog).getByRole("button", { name: "Speichern" }));
    expect(await within(dialog).findAllByText("Bitte gib eine Koordinate im Format x|y ein (z. B. 500|500).")).toHaveLength(2);
    expect(within(dialog).getByText(/Mindestens eine Einheit/)).toBeInTheDocument();
    expect(posts).toBe(0);
    // Without the world's unit info the server computes the send time.
    expect(within(dialog).getByTestId("attack-send-preview")).toHaveTextContent("Die Abschickzeit berechnet der Server beim Speichern.");

    await user.type(within(dialog).getByRole("textbox", { name: "Startdorf" }), "500|500");
    await user.type(within(dialog).getByRole("textbox", { name: "Zieldorf" }), "503|504");
    await user.type(within(dialog).getByRole("textbox", { name: "Speerträger" }), "5");
    await user.click(within(dialog).getByRole("button", { name: "Speichern" }));
    expect(await within(dialog).findByText("Zieldorf 503|504 gibt es auf dieser Welt nicht.")).toBeInTheDocument();
    expect(posts).toBe(1);
  });

  it("edits an attack: the form holds its values, the arrival round-trips to the millisecond", async () => {
    const user = userEvent.setup();
    const put: unknown[] = [];
    const attack = makeAttack({ id: 1, arrivalTime: arrivalMs + 654, units: { spear: 50, snob: 1 }, unit: "snob", type: "conquer", priority: 5 });
    mockPlanPage({
      attacks: [attack],
      routes: {
        "GET /api/attack-plans/7/villages": villages,
        "PUT /api/attack-plans/7/attacks/1": ({ body }) => {
          put.push(body);
          // The second save moves the send time by five minutes (the walk changed on the server).
          return json(200, { attack: put.length === 1 ? attack : { ...attack, sendTime: attack.sendTime + 300_000 } });
        },
      },
    });
    renderApp("/attack-plans/7");
    await user.click(await screen.findByRole("button", { name: "Angriff 500|501 → 510|511 bearbeiten" }));
    const dialog = await screen.findByRole("dialog", { name: "Angriff bearbeiten" });
    expect(within(dialog).getByRole("textbox", { name: "Ankunftszeit" })).toHaveValue("24.12.2030 18:00:00:777");
    expect(within(dialog).getByRole("textbox", { name: "Startdorf" })).toHaveValue("500|501");
    expect(within(dialog).getByRole("textbox", { name: "Adelsgeschlecht" })).toHaveValue("1");
    // A saved attack is edited alone; trains are made when adding.
    expect(within(dialog).queryByRole("group", { name: "Adelszug" })).not.toBeInTheDocument();
    await user.click(within(dialog).getByRole("button", { name: "Speichern" }));
    await waitFor(() =>
      expect(put).toEqual([{ from: "500|501", to: "510|511", type: "conquer", units: { spear: 50, snob: 1 }, arrival: arrivalMs + 654, priority: 5 }]),
    );
    expect(await screen.findByText("Der Angriff wurde gespeichert.")).toBeInTheDocument();
    expect(screen.queryByText(/Die Abschickzeit hat sich geändert/)).not.toBeInTheDocument();

    await user.click(await screen.findByRole("button", { name: "Angriff 500|501 → 510|511 bearbeiten" }));
    await user.click(within(await screen.findByRole("dialog", { name: "Angriff bearbeiten" })).getByRole("button", { name: "Speichern" }));
    const before = formatServerTime(attack.sendTime, "Europe/Berlin");
    const after = formatServerTime(attack.sendTime + 300_000, "Europe/Berlin");
    expect(await screen.findByText(`Die Abschickzeit hat sich geändert: ${before} → ${after}.`)).toBeInTheDocument();
  });

  it("adds a noble train: clearing attack first, nobles the spacing apart, in one request", async () => {
    const trains: unknown[] = [];
    let singles = 0;
    mockPlanPage({
      routes: {
        "GET /api/worlds": () => json(200, { worlds: [worldDe230] }),
        "GET /api/attack-plans/7/villages": villages,
        "POST /api/attack-plans/7/attacks": () => {
          singles++;
          return json(201, { attack: makeAttack({ id: 9 }) });
        },
        "POST /api/attack-plans/7/attacks/train": ({ body }) => {
          trains.push(body);
          return json(201, { attacks: [1, 2, 3, 4].map((id) => makeAttack({ id })) });
        },
      },
    });
    const { user, dialog } = await openForm();
    // Only a conquer attack offers the train.
    expect(within(dialog).queryByRole("group", { name: "Adelszug" })).not.toBeInTheDocument();
    await user.type(within(dialog).getByRole("textbox", { name: "Startdorf" }), "500|500");
    await user.type(within(dialog).getByRole("textbox", { name: "Zieldorf" }), "503|504");
    await user.click(within(dialog).getByRole("combobox", { name: "Typ" }));
    await user.click(await screen.findByRole("option", { name: "Adelung" }));
    const train = await within(dialog).findByRole("group", { name: "Adelszug" });
    await user.type(within(dialog).getByRole("textbox", { name: "Adelsgeschlecht" }), "1");
    await user.type(within(dialog).getByRole("textbox", { name: "Speerträger" }), "50");
    const arrival = within(dialog).getByRole("textbox", { name: "Ankunftszeit" });
    await user.clear(arrival);
    await user.type(arrival, "24.12.2030 18:00:00:123");
    const nobles = within(train).getByRole("textbox", { name: "Adelsgeschlechter" });
    await user.clear(nobles);
    await user.type(nobles, "3");
    const spacing = within(train).getByRole("textbox", { name: "Abstand (ms)" });
    await user.clear(spacing);
    await user.type(spacing, "20");
    await user.click(within(train).getByRole("switch", { name: "Clear-Angriff vorweg" }));
    await user.click(within(dialog).getByRole("button", { name: "Speichern" }));
    // A spacing below the minimum is raised to it when the field is left; the clearing attack needs units.
    expect(spacing).toHaveValue("50");
    expect(await within(train).findByText("Der Clear-Angriff braucht mindestens eine Einheit mit einer Anzahl über 0.")).toBeInTheDocument();
    expect(trains).toEqual([]);

    await user.clear(spacing);
    await user.type(spacing, "150");
    await user.type(within(train).getByRole("textbox", { name: "Clear: Axtkämpfer" }), "6000");
    await user.type(within(train).getByRole("textbox", { name: "Clear: Rammbock" }), "300");
    const arrivals = within(train).getByRole("list", { name: "Ankünfte" });
    expect(within(arrivals).getAllByRole("listitem").map((item) => item.textContent)).toEqual([
      // 5 fields: rams 30 min per field, nobles 35.
      "Clear 24.12.30 18:00:00:123 · Abschickzeit 24.12.30 15:30:00:123",
      "AG 1 24.12.30 18:00:00:273 · Abschickzeit 24.12.30 15:05:00:273",
      "AG 2 24.12.30 18:00:00:423 · Abschickzeit 24.12.30 15:05:00:423",
      "AG 3 24.12.30 18:00:00:573 · Abschickzeit 24.12.30 15:05:00:573",
    ]);
    // The single attack's preview gives way to the train's own send times.
    expect(within(dialog).queryByTestId("attack-send-preview")).not.toBeInTheDocument();
    await user.click(within(dialog).getByRole("button", { name: "Speichern" }));
    await waitFor(() =>
      expect(trains).toEqual([
        {
          from: "500|500",
          to: "503|504",
          type: "conquer",
          units: { spear: 50, snob: 1 },
          arrival: arrivalMs,
          priority: 3,
          nobles: 3,
          spacingMs: 150,
          clearUnits: { axe: 6000, ram: 300 },
        },
      ]),
    );
    expect(await screen.findByText("Adelszug mit 4 Angriffen hinzugefügt.")).toBeInTheDocument();
    expect(singles).toBe(0);
  });

  it("warns when the start village's last scan shows too few units; saving still works, and no scan says nothing", { timeout: 60_000 }, async () => {
    const created: unknown[] = [];
    const asked: string[] = [];
    const scannedAt = Date.now() - 5 * 60_000 - 10_000;
    mockPlanPage({
      routes: {
        "GET /api/worlds": () => json(200, { worlds: [worldDe230] }),
        "GET /api/attack-plans/7/villages": villages,
        "GET /api/attack-plans/7/village-troops": ({ url }) => {
          asked.push(url.searchParams.get("coords") ?? "");
          return json(200, {
            troops: url.searchParams.get("coords") === "500|500" ? { villageId: 5, coordinates: "500|500", units: { axe: 20, ram: 50, spy: 5 }, scannedAt } : null,
          });
        },
        "POST /api/attack-plans/7/attacks": ({ body }) => {
          created.push(body);
          return json(201, { attack: makeAttack({ id: 9 }) });
        },
      },
    });
    const { user, dialog } = await openForm();
    await user.type(within(dialog).getByRole("textbox", { name: "Startdorf" }), "500|500");
    await user.type(within(dialog).getByRole("textbox", { name: "Zieldorf" }), "503|504");
    await user.type(within(dialog).getByRole("textbox", { name: "Rammbock" }), "10");
    // Enough rams: nothing to say.
    expect(await within(dialog).findByText("Heimat · Kalle")).toBeInTheDocument();
    expect(within(dialog).queryByTestId("attack-scan-warning")).not.toBeInTheDocument();
    await user.type(within(dialog).getByRole("textbox", { name: "Axtkämpfer" }), "100");
    const warning = await within(dialog).findByTestId("attack-scan-warning");
    expect(warning).toHaveTextContent("Laut letztem Scan (vor 5 min) sind in 500|500 nur 20 Axtkämpfer, geplant 100.");
    await user.type(within(dialog).getByRole("textbox", { name: "Rammbock" }), "0");
    await waitFor(() => expect(warning).toHaveTextContent("Laut letztem Scan (vor 5 min) sind in 500|500 nur 20 Axtkämpfer, geplant 100; 50 Rammbock, geplant 100."));

    // A warning, not a refusal: the attack is saved as planned.
    await user.click(within(dialog).getByRole("button", { name: "Speichern" }));
    await waitFor(() => expect(created).toHaveLength(1));
    expect(created[0]).toMatchObject({ from: "500|500", units: { axe: 100, ram: 100 } });

    // A village without a scan: no warning.
    await user.click(await screen.findByRole("button", { name: "Angriff hinzufügen" }));
    const again = await screen.findByRole("dialog", { name: "Angriff hinzufügen" });
    await user.type(within(again).getByRole("textbox", { name: "Startdorf" }), "503|504");
    await user.type(within(again).getByRole("textbox", { name: "Axtkämpfer" }), "100");
    await waitFor(() => expect(asked).toContain("503|504"));
    expect(await within(again).findByText("Ziel · Barbarendorf")).toBeInTheDocument();
    expect(within(again).queryByTestId("attack-scan-warning")).not.toBeInTheDocument();
  });

  it("deletes one attack after confirming", async () => {
    const user = userEvent.setup();
    let deleted = 0;
    mockPlanPage({
      routes: {
        "DELETE /api/attack-plans/7/attacks/1": () => {
          deleted++;
          return new Response(null, { status: 204 });
        },
      },
    });
    renderApp("/attack-plans/7");
    await user.click(await screen.findByRole("button", { name: "Angriff 500|501 → 510|511 löschen" }));
    const dialog = await screen.findByRole("dialog", { name: "Löschen bestätigen" });
    await user.click(within(dialog).getByRole("button", { name: "Löschen" }));
    await waitFor(() => expect(deleted).toBe(1));
    expect(await screen.findByText("Der Angriff wurde gelöscht.")).toBeInTheDocument();
  });
});
