// Templates: the list with import (TWB text; a bad line named, nothing created), duplicate
// and a delete the server refuses; the detail's steps with running totals, checks, moves and saving.
import type { BuilderStep, BuilderTemplate, BuilderTemplateInput } from "@dsbot/protocol";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { toast } from "sonner";
import { afterEach, describe, expect, it } from "vitest";
import { queryClient } from "@/lib/query-client";
import { useSession } from "@/lib/session";
import { apiError, json, mockFetch } from "@/test/fetch-mock";
import { plainUser } from "@/test/fixtures";
import { renderApp, signIn } from "@/test/render-app";

function fakeServer(initial: { name: string; steps: BuilderStep[]; villages?: number }[]) {
  let nextId = 1;
  const templates = new Map<number, BuilderTemplate>();
  const add = (name: string, steps: BuilderStep[], villages = 0) => {
    const id = nextId++;
    templates.set(id, { id, name, steps, villages, createdAt: Date.now(), updatedAt: Date.now() });
    return templates.get(id)!;
  };
  for (const t of initial) add(t.name, t.steps, t.villages);
  const posted: BuilderTemplateInput[] = [];
  const put: BuilderTemplateInput[] = [];
  const byId = (url: URL) => templates.get(Number(url.pathname.split("/").at(-1)));
  const routes: Parameters<typeof mockFetch>[0] = {
    "GET /api/client-config": () => json(200, { apiBases: {}, version: "0.1.0" }),
    "GET /api/auth/me": () => json(200, { user: plainUser }),
    "GET /api/dsbot": () => json(200, { dsbots: [], totals: 0 }),
    "GET /api/account-manager/templates": () =>
      json(200, { templates: [...templates.values()].map((t) => ({ id: t.id, name: t.name, steps: t.steps.length, villages: t.villages, updatedAt: t.updatedAt })) }),
    "POST /api/account-manager/templates": ({ body }) => {
      const input = body as BuilderTemplateInput;
      posted.push(input);
      return json(201, { template: add(input.name, input.steps) });
    },
  };
  for (const id of [1, 2, 3, 4]) {
    routes[`GET /api/account-manager/templates/${id}`] = ({ url }) => {
      const t = byId(url);
      return t ? json(200, { template: t }) : apiError(404, "not_found", "Nicht gefunden.");
    };
    routes[`PUT /api/account-manager/templates/${id}`] = ({ url, body }) => {
      const t = byId(url)!;
      const input = body as BuilderTemplateInput;
      put.push(input);
      const saved = { ...t, ...input, updatedAt: t.updatedAt + 1 };
      templates.set(t.id, saved);
      return json(200, { template: saved });
    };
    routes[`DELETE /api/account-manager/templates/${id}`] = () =>
      apiError(409, "conflict", "Die Vorlage „Grundausbau“ wird noch vom Bauherrn von Anna benutzt. Wähle dort erst eine andere Vorlage.");
  }
  mockFetch(routes);
  signIn(plainUser);
  return { posted, put };
}

afterEach(() => {
  useSession.setState({ token: null, user: null });
  queryClient.clear();
  toast.dismiss();
});

const basic: BuilderStep[] = [
  { building: "wood", level: 2 },
  { building: "main", level: 3 },
  { building: "barracks", level: 1 },
];

describe("Templates", { timeout: 30_000 }, () => {
  it("lists the templates and imports TWB's text, naming a bad line and creating nothing from it", async () => {
    const user = userEvent.setup();
    const { posted } = fakeServer([{ name: "Grundausbau", steps: basic, villages: 12 }]);
    renderApp("/account-manager/templates");
    const table = await screen.findByRole("table", { name: "Vorlagen" });
    const row = (await within(table).findByText("Grundausbau")).closest("tr")!;
    expect(within(row).getByText("3")).toBeInTheDocument();
    expect(within(row).getByText("12")).toBeInTheDocument();

    await user.click(screen.getByRole("button", { name: "Importieren" }));
    const dialog = await screen.findByRole("dialog", { name: "Vorlage importieren" });
    const field = within(dialog).getByLabelText("Bauliste");
    await user.click(field);
    await user.paste("stone:1\ncastle:2\nmain:2");
    await user.click(within(dialog).getByRole("button", { name: "Importieren" }));
    expect(await within(dialog).findByText(/^Zeile 2: „castle“ ist kein Gebäude\./)).toBeInTheDocument();
    expect(posted).toEqual([]);

    await user.clear(field);
    await user.paste("stone:1\nwood:1\nmain:2");
    await user.click(within(dialog).getByRole("button", { name: "Importieren" }));
    expect(await screen.findByText("Die Vorlage „Importierte Vorlage“ mit 3 Schritten wurde angelegt.")).toBeInTheDocument();
    expect(posted).toEqual([{ name: "Importierte Vorlage", steps: [{ building: "stone", level: 1 }, { building: "wood", level: 1 }, { building: "main", level: 2 }] }]);
    expect(await within(table).findByText("Importierte Vorlage")).toBeInTheDocument();
  });

  it("duplicates a template under a free name and shows why the server refuses a delete", async () => {
    const user = userEvent.setup();
    const { posted } = fakeServer([{ name: "Grundausbau", steps: basic }]);
    renderApp("/account-manager/templates");
    await user.click(await screen.findByRole("button", { name: "Grundausbau duplizieren" }));
    await waitFor(() => expect(posted).toEqual([{ name: "Grundausbau (Kopie)", steps: basic }]));
    expect(await screen.findByText("Die Kopie „Grundausbau (Kopie)“ wurde angelegt.")).toBeInTheDocument();

    await user.click(screen.getByRole("button", { name: "Grundausbau löschen" }));
    await user.click(await screen.findByRole("button", { name: "Löschen bestätigen" }));
    expect(await screen.findByText("Die Vorlage „Grundausbau“ wird noch vom Bauherrn von Anna benutzt. Wähle dort erst eine andere Vorlage.")).toBeInTheDocument();
  });

  it("lists the templates as cards on a phone, sorted by the choice, with the row actions", async () => {
    const user = userEvent.setup();
    const media = window.matchMedia;
    window.matchMedia = ((query: string) => ({ ...media(query), matches: query.includes("33.74em") })) as typeof window.matchMedia;
    try {
      const { posted } = fakeServer([
        { name: "Grundausbau", steps: basic, villages: 12 },
        { name: "Offensive", steps: [...basic, { building: "smith", level: 1 }], villages: 2 },
      ]);
      renderApp("/account-manager/templates");
      const list = await screen.findByRole("list", { name: "Vorlagen" });
      expect(screen.queryByRole("table", { name: "Vorlagen" })).not.toBeInTheDocument();
      const names = () => within(list).getAllByRole("link").map((link) => link.textContent);
      await waitFor(() => expect(names()).toEqual(["Grundausbau", "Offensive"]));
      const first = within(list).getAllByRole("listitem")[0]!;
      expect(within(first).getByText("12")).toBeInTheDocument();
      expect(within(first).getByRole("link", { name: "Grundausbau" })).toHaveAttribute("href", "/account-manager/templates/1");

      await user.click(within(list).getAllByLabelText("Sortieren nach")[0]!);
      await user.click(await screen.findByRole("option", { name: "Schritte (absteigend)" }));
      await waitFor(() => expect(names()).toEqual(["Offensive", "Grundausbau"]));

      await user.click(within(list).getByRole("button", { name: "Offensive duplizieren" }));
      await waitFor(() => expect(posted.map((t) => t.name)).toEqual(["Offensive (Kopie)"]));
    } finally {
      window.matchMedia = media;
    }
  });

  it("edits the steps with running totals and checks, moves them and saves", async () => {
    const user = userEvent.setup();
    const { put } = fakeServer([{ name: "Grundausbau", steps: basic }]);
    renderApp("/account-manager/templates/1");
    const steps = await screen.findByRole("table", { name: "Bauschritte" });
    const row = (n: number) => steps.querySelector<HTMLElement>(`tr[data-step="${n}"]`)!;
    // Totals after the three steps (protocol's hand-computed figures): 48 points, 20 population.
    expect(within(row(3)).getByText("48")).toBeInTheDocument();
    expect(within(row(3)).getByText("20")).toBeInTheDocument();
    expect(screen.getByText(/^Am Ende/).parentElement).toHaveTextContent("48 Punkte · 20 Bevölkerung");

    // The barracks before the main building: it needs main 3 first.
    await user.click(within(row(3)).getByRole("button", { name: "Schritt 3 nach oben" }));
    expect(await screen.findByText("Kaserne braucht zuerst Hauptgebäude Stufe 3.")).toBeInTheDocument();
    expect(screen.getByText("1 Schritt kann so nicht gebaut werden.")).toBeInTheDocument();
    // Dragged back below the main building.
    fireEvent.dragStart(within(row(2)).getByRole("button", { name: "Schritt 2 verschieben" }), { dataTransfer: { setData: () => undefined, effectAllowed: "" } });
    fireEvent.dragOver(row(3));
    fireEvent.drop(row(3));
    await waitFor(() => expect(screen.queryByText("Kaserne braucht zuerst Hauptgebäude Stufe 3.")).not.toBeInTheDocument());

    await user.click(screen.getByRole("button", { name: "Schritt hinzufügen" }));
    expect(screen.getByLabelText("Gebäude von Schritt 4")).toHaveValue("barracks");
    expect(screen.getByLabelText("Stufe von Schritt 4")).toHaveValue("2");
    await user.selectOptions(screen.getByLabelText("Gebäude von Schritt 4"), "farm");
    await user.clear(screen.getByLabelText("Stufe von Schritt 4"));
    await user.type(screen.getByLabelText("Stufe von Schritt 4"), "5");
    expect(screen.getByText("Ungespeicherte Änderungen")).toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Speichern" }));
    await waitFor(() => expect(put).toHaveLength(1));
    expect(put[0]).toEqual({ name: "Grundausbau", steps: [...basic, { building: "farm", level: 5 }] });
    expect(await screen.findByText("Die Vorlage wurde gespeichert.")).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByText("Ungespeicherte Änderungen")).not.toBeInTheDocument());
  });

  it("shows each step as a card on a phone, with the sums and the arrows", async () => {
    const user = userEvent.setup();
    const media = window.matchMedia;
    window.matchMedia = ((query: string) => ({ ...media(query), matches: query.includes("33.74em") })) as typeof window.matchMedia;
    try {
      fakeServer([{ name: "Grundausbau", steps: basic }]);
      renderApp("/account-manager/templates/1");
      const list = await screen.findByRole("list", { name: "Bauschritte" });
      expect(screen.queryByRole("table", { name: "Bauschritte" })).not.toBeInTheDocument();
      const cards = within(list).getAllByRole("listitem");
      expect(cards).toHaveLength(3);
      // The third card carries the running totals (48 points, 20 population) and its controls.
      expect(cards[2]).toHaveTextContent("Punkte 48 · Bevölkerung 20");
      expect(within(cards[2]!).getByLabelText("Gebäude von Schritt 3")).toBeInTheDocument();
      await user.click(within(cards[2]!).getByRole("button", { name: "Schritt 3 nach oben" }));
      expect(await screen.findByText("Kaserne braucht zuerst Hauptgebäude Stufe 3.")).toBeInTheDocument();
    } finally {
      window.matchMedia = media;
    }
  });

  it("says so when the template does not exist", async () => {
    fakeServer([]);
    renderApp("/account-manager/templates/4");
    expect(await screen.findByText("Vorlage nicht gefunden")).toBeInTheDocument();
  });
});
