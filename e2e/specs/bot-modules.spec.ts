// The 17 module pages (/bots/{id}/<segment>): title from the module registry, a German
// validation message that blocks saving, save + reload, "Auf Standard zurücksetzen", the "Modul aktiv"
// switch, and the detail page's module switches (toggle-module). Bounds and defaults come from the
// protocol's module schemas; only the German field labels (which live in the web app) are listed here.
import { moduleDefaults, moduleNames, moduleRegistry, type ModuleName } from "@dsbot/protocol";
import type { APIRequestContext, BrowserContext, Locator, Page, Request } from "@playwright/test";
import { botOwner, createBot, loginOwner, type BotOwner, type CreatedBot } from "../bots";
import { test as base, expect, toasts } from "../fixtures";
import { E2E_PORT } from "../users";

/** One whole-number field per module: its dotted path in the schema and its German label. */
interface NumberCase {
  path: string;
  label: string;
  /** A valid value to save; default: the schema default + 1 (or - 1 at the maximum). */
  valid?: number;
  /** Extra steps a module needs before it may be enabled. */
  beforeEnable?: (form: Locator) => Promise<void>;
}

const numberCases: Partial<Record<ModuleName, NumberCase>> = {
  timer: { path: "breaks.everyMinutesMin", label: "Pause alle (min., Minuten)" },
  renamer: { path: "numberDigits", label: "Stellen der Nummer" },
  "command-scanner": { path: "intervalSeconds", label: "Intervall (Sekunden)" },
  "attack-planner-scanner": { path: "leadTimeSeconds", label: "Vorlaufzeit (Sekunden)" },
  relogin: { path: "maxTries", label: "Maximale Versuche" },
  minter: { path: "coinsPerRun", label: "Münzen pro Durchlauf" },
  vpbuilder: { path: "packagesPerRun", label: "Pakete pro Durchlauf" },
  snobbuilder: { path: "targetNobles", label: "Ziel: Adelsgeschlechter" },
  ressmover: { path: "merchantLimit", label: "Händler-Limit" },
  builder: {
    path: "queueLength",
    label: "Länge der Bauschleife",
    // Enabled with "one template for all villages" needs that template (schema refine).
    beforeEnable: async (form) => {
      await form.getByRole("button", { name: "Speichern" }).click();
      await expect(form.getByText("Eingabe erforderlich", { exact: true })).toBeVisible();
      await form.getByRole("combobox", { name: "Standardvorlage", exact: true }).click();
      await form.page().getByRole("option", { name: "Modul-Vorlage A", exact: true }).click();
    },
  },
  recruiter: { path: "batchSize", label: "Paketgröße" },
  inventory: { path: "intervalMinutes", label: "Intervall (Minuten)" },
  simplefarm: { path: "radius", label: "Radius (Felder)" },
  depot: { path: "dailyLimit", label: "Tageslimit (Premiumpunkte)", valid: 1500 },
  scavenge: { path: "maxMinutes", label: "Höchstdauer eines Raubzugs (Minuten)" },
};
/** Modules without a whole-number field of their own get their own test below. */
const customModules: ModuleName[] = ["research", "templateassigner"];

// -- reading the protocol's schemas -------------------------------------------------------------

interface ZodLike {
  _zod: { def: { type: string; innerType?: ZodLike; in?: ZodLike; shape?: Record<string, ZodLike> } };
  minValue?: number | null;
  maxValue?: number | null;
}

function unwrap(schema: ZodLike): ZodLike {
  let current = schema;
  for (;;) {
    const def = current._zod.def;
    if (def.innerType) current = def.innerType;
    else if (def.type === "pipe" && def.in) current = def.in;
    else return current;
  }
}

/** Bounds and default of the number at `path` of a module schema. */
function numberSpec(name: ModuleName, path: string): { min: number; max: number; fallback: number } {
  let node = unwrap(moduleRegistry[name].schema as unknown as ZodLike);
  let fallback: unknown = moduleDefaults(name);
  for (const key of path.split(".")) {
    const child = node._zod.def.shape?.[key];
    if (!child) throw new Error(`${name}: no field ${path}`);
    node = unwrap(child);
    fallback = (fallback as Record<string, unknown>)[key];
  }
  const { minValue, maxValue } = node;
  if (typeof minValue !== "number" || typeof maxValue !== "number" || typeof fallback !== "number") {
    throw new Error(`${name}.${path} is not a bounded number with a default`);
  }
  return { min: minValue, max: maxValue, fallback };
}

/** How the number input shows a value: grouped with "." when the field allows 10000 or more. */
function shown(value: number, max: number): string {
  return max >= 10_000 ? value.toLocaleString("de-DE") : String(value);
}

function valueAt(module: Record<string, unknown>, path: string): unknown {
  return path.split(".").reduce<unknown>((node, key) => (node as Record<string, unknown>)[key], module);
}

// -- shared user and bot (one per worker; every test touches only its own module) ---------------

let owner: BotOwner;
let bot: CreatedBot;
/** The owner's builder templates: the builder and the template assigner pick them by name. */
const templateIds: Record<string, number> = {};

type SessionState = Awaited<ReturnType<BrowserContext["storageState"]>>;

// One owner and bot per worker; the owner logs in through the form once and every test starts with
// that browser session (Playwright's "one account per worker" pattern).
const test = base.extend<object, { moduleSession: SessionState }>({
  moduleSession: [
    async ({ browser, playwright }, use) => {
      const request = await playwright.request.newContext({ baseURL: `http://127.0.0.1:${E2E_PORT}` });
      owner = await botOwner(request, "module");
      bot = await createBot(request, owner, "Modul-Spieler");
      for (const name of ["Modul-Vorlage A", "Modul-Vorlage B"]) {
        const created = await request.post("/api/account-manager/templates", { headers: owner.headers, data: { name, steps: [{ building: "main", level: 2 }] } });
        expect(created.status()).toBe(201);
        templateIds[name] = ((await created.json()) as { template: { id: number } }).template.id;
      }
      await request.dispose();
      const context = await browser.newContext({ baseURL: `http://127.0.0.1:${E2E_PORT}` });
      await loginOwner(await context.newPage(), owner, "/bots");
      const state = await context.storageState();
      await context.close();
      await use(state);
    },
    { scope: "worker" },
  ],
  storageState: ({ moduleSession }, use) => use(moduleSession),
});

async function storedModule(request: APIRequestContext, name: ModuleName, target = bot): Promise<Record<string, unknown>> {
  const response = await request.get(`/api/dsbot/${target.id}/module?moduleName=${name}`, { headers: owner.headers });
  expect(response.ok()).toBeTruthy();
  return ((await response.json()) as { module: Record<string, unknown> }).module;
}

/** Opens a module page and checks its title; answers the module form. */
async function openModule(page: Page, name: ModuleName): Promise<Locator> {
  const { label } = moduleRegistry[name];
  await page.goto(`/bots/${bot.id}/${name}`);
  await expect(page.getByRole("heading", { level: 1, name: label, exact: true })).toBeVisible();
  await expect(page).toHaveTitle(`${label} · dsbot`);
  const form = page.getByRole("form", { name: label, exact: true });
  await expect(form).toBeVisible();
  return form;
}

function recordSaves(page: Page): Request[] {
  const saves: Request[] = [];
  page.on("request", (r) => {
    if (r.method() === "POST" && new URL(r.url()).pathname === `/api/dsbot/${bot.id}/module`) saves.push(r);
  });
  return saves;
}

/** Clicks "Speichern" and expects the save to succeed with the success alert. */
async function save(page: Page, form: Locator, name: ModuleName): Promise<void> {
  const saved = page.waitForResponse((r) => r.request().method() === "POST" && r.url().endsWith(`/api/dsbot/${bot.id}/module`));
  await form.getByRole("button", { name: "Speichern" }).click();
  expect((await saved).status()).toBe(200);
  const label = moduleRegistry[name].label;
  await expect(toasts(page, "success").filter({ hasText: `Die Einstellungen von „${label}“ wurden gespeichert.` })).toHaveCount(1);
}

/** "Auf Standard zurücksetzen" asks first; confirming only fills the form (saving is separate). */
async function resetToDefaults(page: Page, form: Locator): Promise<void> {
  await form.getByRole("button", { name: "Auf Standard zurücksetzen" }).click();
  const dialog = page.getByRole("dialog", { name: "Auf Standard zurücksetzen" });
  await expect(dialog).toContainText("Alle Felder werden auf die Standardwerte gesetzt.");
  await dialog.getByRole("button", { name: "Zurücksetzen" }).click();
  await expect(dialog).toBeHidden();
}

/** A switch without a visible label is clicked on its track (the input itself is covered). */
function switchTrack(toggle: Locator): Locator {
  return toggle.locator("xpath=..").locator(".mantine-Switch-track");
}

test("every module has a case in this spec", () => {
  expect([...Object.keys(numberCases), ...customModules].sort()).toEqual([...moduleNames].sort());
  expect(moduleNames).toHaveLength(17);
});

for (const name of moduleNames) {
  const spec = numberCases[name];
  if (!spec) continue;
  test(`module ${name}: validation, save, reload, reset and the enable switch`, async ({ page, request }) => {
    const { min, max, fallback } = numberSpec(name, spec.path);
    const valid = spec.valid ?? (fallback < max ? fallback + 1 : fallback - 1);
    expect(valid).toBeGreaterThanOrEqual(min);
    expect(valid).toBeLessThanOrEqual(max);

    const form = await openModule(page, name);
    const saves = recordSaves(page);
    const input = form.getByRole("textbox", { name: spec.label, exact: true });
    const enabled = form.getByRole("switch", { name: "Modul aktiv" });
    await expect(input).toHaveValue(shown(fallback, max));
    await expect(enabled).not.toBeChecked();

    // One invalid input (out of range, or emptied for every other module): German message, not sent.
    const outOfRange = moduleNames.indexOf(name) % 2 === 0;
    const message = outOfRange ? `Höchstens ${max}` : "Bitte gib eine gültige Zahl ein";
    await input.fill(outOfRange ? String(max + 1) : "");
    await form.getByRole("button", { name: "Speichern" }).click();
    await expect(form.getByText(message, { exact: true })).toBeVisible();
    await expect(form.getByRole("alert")).toHaveText("Bitte prüfe die markierten Felder.");
    expect(saves, "an invalid form is not sent").toHaveLength(0);

    // A valid change and the enable switch are saved together.
    await input.fill(String(valid));
    await expect(form.getByText(message, { exact: true })).toHaveCount(0);
    await enabled.click();
    await expect(enabled).toBeChecked();
    if (spec.beforeEnable) await spec.beforeEnable(form);
    await save(page, form, name);
    await expect(form.getByRole("alert")).toHaveCount(0);
    const stored = await storedModule(request, name);
    expect(valueAt(stored, spec.path)).toBe(valid);
    expect(stored.enabled).toBe(true);

    await page.reload();
    await expect(input).toHaveValue(shown(valid, max));
    await expect(enabled).toBeChecked();

    // Reset fills in the defaults (switch off too); only "Speichern" stores them.
    await resetToDefaults(page, form);
    await expect(input).toHaveValue(shown(fallback, max));
    await expect(enabled).not.toBeChecked();
    expect(valueAt(await storedModule(request, name), spec.path)).toBe(valid);
    await save(page, form, name);
    expect(await storedModule(request, name)).toEqual(moduleDefaults(name));
  });
}

test("module research: the order is saved, kept after reload and reset to the default order", async ({ page, request }) => {
  const name = "research";
  const defaults = moduleDefaults(name).order;
  const form = await openModule(page, name);
  const field = form.locator(".mantine-MultiSelect-root").filter({ has: page.getByText("Reihenfolge", { exact: true }) });
  const pills = field.locator(".mantine-Pill-label");
  const unitNames: Record<string, string> = { spear: "Speerträger", sword: "Schwertkämpfer", axe: "Axtkämpfer", spy: "Späher", light: "Leichte Kavallerie", heavy: "Schwere Kavallerie", ram: "Rammbock", catapult: "Katapult" };
  await expect(pills).toHaveText(defaults.map((u) => unitNames[u]!));

  // Remove "Späher", append "Paladin".
  await field.locator(".mantine-Pill-root").filter({ hasText: "Späher" }).locator(".mantine-Pill-remove").click();
  await field.locator(".mantine-MultiSelect-input").click();
  await page.getByRole("option", { name: "Paladin", exact: true }).click();
  await page.keyboard.press("Escape");
  const changed = [...defaults.filter((u) => u !== "spy"), "knight"];
  await expect(pills).toHaveText(changed.map((u) => unitNames[u] ?? "Paladin"));
  await form.getByRole("switch", { name: "Modul aktiv" }).click();
  await save(page, form, name);
  expect((await storedModule(request, name)).order).toEqual(changed);

  await page.reload();
  await expect(pills).toHaveText(changed.map((u) => unitNames[u] ?? "Paladin"));
  await expect(form.getByRole("switch", { name: "Modul aktiv" })).toBeChecked();

  await resetToDefaults(page, form);
  await expect(pills).toHaveText(defaults.map((u) => unitNames[u]!));
  await save(page, form, name);
  expect(await storedModule(request, name)).toEqual(moduleDefaults(name));
  await page.reload();
  await expect(pills).toHaveText(defaults.map((u) => unitNames[u]!));
  await expect(form.getByRole("switch", { name: "Modul aktiv" })).not.toBeChecked();
});

test("module templateassigner: a rule needs a template, is saved, kept and reset away", async ({ page, request }) => {
  const name = "templateassigner";
  const form = await openModule(page, name);
  const saves = recordSaves(page);
  await expect(form.getByText("Keine Einträge")).toBeVisible();

  await form.getByRole("button", { name: "Zeile hinzufügen" }).click();
  await form.getByRole("textbox", { name: "Gruppe", exact: true }).fill("x".repeat(51));
  await form.getByRole("button", { name: "Speichern" }).click();
  await expect(form.getByText("Höchstens 50 Zeichen", { exact: true })).toBeVisible();
  await expect(form.getByText("Eingabe erforderlich", { exact: true })).toBeVisible(); // no template chosen
  expect(saves).toHaveLength(0);

  await form.getByRole("textbox", { name: "Gruppe", exact: true }).fill("Off-Dörfer");
  await form.getByRole("combobox", { name: "Vorlage", exact: true }).click();
  await page.getByRole("option", { name: "Modul-Vorlage B", exact: true }).click();
  await form.getByRole("combobox", { name: "Dorftyp", exact: true }).click();
  await page.getByRole("option", { name: "Off", exact: true }).click();
  await form.getByRole("switch", { name: "Modul aktiv" }).click();
  await save(page, form, name);
  expect(await storedModule(request, name)).toEqual({ enabled: true, rules: [{ group: "Off-Dörfer", villageType: "off", templateId: templateIds["Modul-Vorlage B"] }] });

  await page.reload();
  await expect(form.getByRole("textbox", { name: "Gruppe", exact: true })).toHaveValue("Off-Dörfer");
  await expect(form.getByRole("combobox", { name: "Vorlage", exact: true })).toHaveValue("Modul-Vorlage B");
  await expect(form.getByRole("combobox", { name: "Dorftyp", exact: true })).toHaveValue("Off");
  await expect(form.getByRole("switch", { name: "Modul aktiv" })).toBeChecked();

  await resetToDefaults(page, form);
  await expect(form.getByText("Keine Einträge")).toBeVisible();
  await save(page, form, name);
  expect(await storedModule(request, name)).toEqual(moduleDefaults(name));
  await page.reload();
  await expect(form.getByText("Keine Einträge")).toBeVisible();
  await expect(form.getByRole("switch", { name: "Modul aktiv" })).not.toBeChecked();
});

test("a unit count out of range in a unit template shows its German message", async ({ page }) => {
  const form = await openModule(page, "simplefarm");
  const saves = recordSaves(page);
  const templateA = form.locator("fieldset").filter({ has: page.getByText("Vorlage A", { exact: true }) });
  await templateA.getByRole("textbox", { name: "Leichte Kavallerie", exact: true }).fill("2000000");
  await form.getByRole("button", { name: "Speichern" }).click();
  await expect(form.getByRole("alert")).toHaveText("Bitte prüfe die markierten Felder.");
  await expect(templateA.getByText("Höchstens 1000000", { exact: true })).toBeVisible();
  expect(saves).toHaveLength(0);
});

test("the detail page's module switches toggle every module and keep it after a reload", async ({ page, request }) => {
  const own = await createBot(request, owner, "Schalter-Spieler");
  await page.goto(`/bots/${own.id}`);
  const toggles: number[] = [];
  page.on("response", (r) => {
    if (r.url().endsWith(`/api/dsbot/${own.id}/toggle-module`)) toggles.push(r.status());
  });

  for (const name of moduleNames) {
    const label = moduleRegistry[name].label;
    const toggle = page.getByRole("switch", { name: `${label} aktivieren`, exact: true });
    await expect(toggle).not.toBeChecked();
    const answered = page.waitForResponse((r) => r.url().endsWith(`/api/dsbot/${own.id}/toggle-module`) && r.request().postDataJSON().moduleName === name);
    await switchTrack(toggle).click();
    if (name === "renamer") {
      // The Umbenenner says what it would change and asks before it is switched on.
      const dialog = page.getByRole("dialog", { name: "Umbenenner einschalten?" });
      await expect(dialog).toContainText("Alles im Einzelnen zeigt die Vorschau auf seiner Seite.");
      await dialog.getByRole("button", { name: "Einschalten" }).click();
    }
    const response = await answered;
    if (name === "builder") {
      // Enabling re-validates: "one template for all villages" without a template stays off.
      expect(response.status()).toBe(400);
      await expect(toggle).not.toBeChecked();
      await expect(toasts(page, "error").filter({ hasText: "Eingabe erforderlich" })).toHaveCount(1);
    } else {
      expect(response.status()).toBe(200);
      await expect(toggle).toBeChecked();
      await expect(toasts(page, "success").filter({ hasText: `Modul „${label}“ aktiviert.` })).toHaveCount(1);
    }
  }
  expect(toggles).toHaveLength(17);

  await page.reload();
  for (const name of moduleNames) {
    const toggle = page.getByRole("switch", { name: `${moduleRegistry[name].label} aktivieren`, exact: true });
    if (name === "builder") await expect(toggle).not.toBeChecked();
    else await expect(toggle).toBeChecked();
  }
  for (const name of moduleNames) {
    const stored = await storedModule(request, name, own);
    expect(stored.enabled, name).toBe(name !== "builder");
  }

  // The module page shows the same state, and switching off on the detail page sticks as well.
  await page.getByRole("link", { name: "Inventur konfigurieren" }).click();
  await expect(page.getByRole("switch", { name: "Modul aktiv" })).toBeChecked();
  await page.getByRole("link", { name: "Zum Bot" }).click();
  const inventory = page.getByRole("switch", { name: "Inventur aktivieren", exact: true });
  await switchTrack(inventory).click();
  await expect(toasts(page, "success").filter({ hasText: "Modul „Inventur“ deaktiviert." })).toHaveCount(1);
  await page.reload();
  await expect(inventory).not.toBeChecked();
  await page.goto("/bots");
  await expect(page.getByRole("table", { name: "Botliste" }).getByRole("row").filter({ hasText: own.name })).toContainText("15/17");
});
