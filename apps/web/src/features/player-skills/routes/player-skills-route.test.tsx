import { emptyPlayerSkillLevels, errorMessages, type PlayerSkillsEntry, type PlayerSkillsSave } from "@dsbot/protocol";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { toast } from "sonner";
import { afterEach, describe, expect, it } from "vitest";
import { queryClient } from "@/lib/query-client";
import { useSession } from "@/lib/session";
import { apiError, json, mockFetch, type FetchHandler } from "@/test/fetch-mock";
import { plainUser } from "@/test/fixtures";
import { renderApp, signIn } from "@/test/render-app";

// Whole-route renders can take over a second on a loaded machine (the default wait is 1 s).
const de231 = { server: "die-staemme.de", world: "de231" };
// Local time, so the expected "Gespeichert am" text does not depend on the machine's zone.
// 11:00 server time (Berlin, CET) on 3 March 2025.
const savedAt = new Date(Date.UTC(2025, 2, 3, 10, 0)).toISOString();

const kalle: PlayerSkillsEntry = { playerName: "Kalle", world: de231, fromBot: true, saved: false, skills: emptyPlayerSkillLevels, updatedAt: null };
const zora: PlayerSkillsEntry = {
  playerName: "Zora",
  world: de231,
  fromBot: false,
  saved: true,
  skills: { ...emptyPlayerSkillLevels, freundschaft: 12, vorhut: 3 },
  updatedAt: savedAt,
};

/** A small stand-in for the server: GET answers what PUT and DELETE left behind. */
function setup(initial: PlayerSkillsEntry[], extra: Record<string, FetchHandler> = {}) {
  let players = structuredClone(initial);
  const puts: unknown[] = [];
  const deletes: unknown[] = [];
  const same = (p: PlayerSkillsEntry, b: { playerName: string; world: { world: string } }) =>
    p.world.world === b.world.world && p.playerName.toLowerCase() === b.playerName.toLowerCase();
  const calls = mockFetch({
    "GET /api/client-config": () => json(200, { apiBases: {}, version: "0.1.0" }),
    "GET /api/auth/me": () => json(200, { user: plainUser }),
    "GET /api/ds-player-skills": () => json(200, { players }),
    "PUT /api/ds-player-skills": ({ body }) => {
      puts.push(body);
      const save = body as PlayerSkillsSave;
      const known = players.find((p) => same(p, save));
      const player: PlayerSkillsEntry = {
        playerName: save.playerName,
        world: save.world,
        fromBot: known?.fromBot ?? false,
        saved: true,
        skills: save.skills,
        updatedAt: savedAt,
      };
      players = known ? players.map((p) => (p === known ? player : p)) : [...players, player];
      return json(200, { player });
    },
    "DELETE /api/ds-player-skills": ({ body }) => {
      deletes.push(body);
      const target = body as { playerName: string; world: { world: string } };
      players = players.flatMap((p) =>
        !same(p, target) ? [p] : p.fromBot ? [{ ...p, saved: false, skills: emptyPlayerSkillLevels, updatedAt: null }] : [],
      );
      return new Response(null, { status: 204 });
    },
    ...extra,
  });
  signIn(plainUser);
  const listCalls = () => calls.mock.calls.filter(([input]) => String(input).endsWith("/api/ds-player-skills")).length;
  return { puts, deletes, listCalls };
}

const card = (name: string) => screen.findByRole("region", { name });
const skill = (region: HTMLElement, label: string) => within(region).getByRole("textbox", { name: label });

afterEach(() => {
  useSession.setState({ token: null, user: null });
  queryClient.clear();
  toast.dismiss();
});

describe("Spieler Skills", { timeout: 30_000 }, () => {
  it("lists the players with world, bot badge, saved date, zero levels and the support boost", async () => {
    setup([kalle, zora]);
    renderApp("/ds-player-skills");

    const bot = await card("Kalle");
    expect(within(bot).getByText("Bot")).toBeInTheDocument();
    expect(within(bot).getByText("de231 · die-staemme.de · Noch nicht gespeichert")).toBeInTheDocument();
    expect(skill(bot, "Freundschaft")).toHaveValue("0 %");
    for (const label of ["Schnelles Plündern", "Überstunden", "Technokratie", "Wehrpflicht", "Vorhut"]) expect(skill(bot, label)).toHaveValue("0");
    expect(skill(bot, "Freundschaft")).toHaveAccessibleDescription(expect.stringContaining("Unterstützungen laufen schneller (0–20 %)."));
    expect(within(bot).getByText("Unterstützungen: ohne Beschleunigung")).toBeInTheDocument();
    expect(within(bot).getByRole("button", { name: "Speichern" })).toBeDisabled();
    expect(within(bot).queryByRole("button", { name: /entfernen|auf 0 setzen/i })).not.toBeInTheDocument();

    const other = await card("Zora");
    expect(within(other).queryByText("Bot")).not.toBeInTheDocument();
    expect(within(other).getByText("de231 · die-staemme.de · Gespeichert am 03.03.25 11:00")).toBeInTheDocument();
    expect(skill(other, "Freundschaft")).toHaveValue("12 %");
    expect(skill(other, "Vorhut")).toHaveValue("3");
    expect(within(other).getByText("Unterstützungen: +12 % schneller")).toBeInTheDocument();
    expect(within(other).getByRole("button", { name: "Zora entfernen" })).toBeInTheDocument();
  });

  it("saves the edited levels with the exact PUT body, says so and disables the button again", async () => {
    const user = userEvent.setup();
    const { puts } = setup([kalle, zora]);
    renderApp("/ds-player-skills");
    const region = await card("Kalle");
    const saveButton = within(region).getByRole("button", { name: "Speichern" });

    await user.clear(skill(region, "Freundschaft"));
    await user.type(skill(region, "Freundschaft"), "15");
    await user.clear(skill(region, "Wehrpflicht"));
    await user.type(skill(region, "Wehrpflicht"), "2");
    expect(within(region).getByText("Unterstützungen: +15 % schneller")).toBeInTheDocument();
    expect(saveButton).toBeEnabled();
    await user.click(saveButton);

    await waitFor(() =>
      expect(puts).toEqual([{ playerName: "Kalle", world: de231, skills: { ...emptyPlayerSkillLevels, freundschaft: 15, wehrpflicht: 2 } }]),
    );
    expect(await screen.findByText("Die Skills von „Kalle“ wurden gespeichert.")).toBeInTheDocument();
    await waitFor(() => expect(saveButton).toBeDisabled());
    expect(within(region).getByRole("button", { name: "Zurücksetzen" })).toBeDisabled();
    expect(skill(region, "Freundschaft")).toHaveValue("15 %");
    expect(skill(region, "Wehrpflicht")).toHaveValue("2");
    expect(within(region).getByText(/Gespeichert am 03\.03\.25 11:00/)).toBeInTheDocument();
    // Saved for a bot's player: the levels can now be set back to 0.
    expect(within(region).getByRole("button", { name: "Skills von Kalle auf 0 setzen" })).toBeInTheDocument();
  });

  it("drops unsaved edits on Zurücksetzen", async () => {
    const user = userEvent.setup();
    const { puts } = setup([zora]);
    renderApp("/ds-player-skills");
    const region = await card("Zora");
    await user.clear(skill(region, "Vorhut"));
    await user.type(skill(region, "Vorhut"), "5");
    await user.click(within(region).getByRole("button", { name: "Zurücksetzen" }));
    await waitFor(() => expect(skill(region, "Vorhut")).toHaveValue("3"));
    expect(within(region).getByRole("button", { name: "Speichern" })).toBeDisabled();
    expect(puts).toEqual([]);
  });

  it("shows the German message of an out-of-range level under the field and sends nothing", async () => {
    const user = userEvent.setup();
    const { puts } = setup([kalle]);
    renderApp("/ds-player-skills");
    const region = await card("Kalle");
    const input = skill(region, "Freundschaft");

    await user.clear(input);
    await user.type(input, "25");
    await waitFor(() => expect(input).toHaveAccessibleDescription(expect.stringContaining("Höchstens 20.")));
    expect(input).toHaveAttribute("aria-invalid", "true");
    await user.click(within(region).getByRole("button", { name: "Speichern" }));
    expect(within(region).getByText("Höchstens 20.")).toBeInTheDocument();

    await user.clear(skill(region, "Vorhut"));
    await user.click(within(region).getByRole("button", { name: "Speichern" }));
    await waitFor(() => expect(skill(region, "Vorhut")).toHaveAccessibleDescription(expect.stringContaining("Eingabe erforderlich")));
    expect(puts).toEqual([]);
  });

  it("puts the server's field issues under the fields", async () => {
    const user = userEvent.setup();
    setup([kalle], {
      "PUT /api/ds-player-skills": () =>
        json(400, { error: { code: "validation", message: "Ungültige Eingabe.", issues: [{ path: "skills.vorhut", message: "Höchstens 5." }] } }),
    });
    renderApp("/ds-player-skills");
    const region = await card("Kalle");
    await user.clear(skill(region, "Vorhut"));
    await user.type(skill(region, "Vorhut"), "4");
    await user.click(within(region).getByRole("button", { name: "Speichern" }));
    await waitFor(() => expect(skill(region, "Vorhut")).toHaveAccessibleDescription(expect.stringContaining("Höchstens 5.")));
    expect(screen.queryByText(/wurden gespeichert/)).not.toBeInTheDocument();
  });

  it("adds a player with all levels at 0 and refuses a name already listed on that world without a request", async () => {
    const user = userEvent.setup();
    const { puts } = setup([kalle]);
    renderApp("/ds-player-skills");
    await card("Kalle");
    const form = screen.getByRole("form", { name: "Spieler hinzufügen" });
    const name = within(form).getByLabelText("Spielername");
    expect(within(form).getByDisplayValue("die-staemme.de")).toBeInTheDocument();
    expect(within(form).getByRole("textbox", { name: "Welt" })).toHaveValue("de231");

    await user.type(name, " KALLE ");
    await user.click(within(form).getByRole("button", { name: "Hinzufügen" }));
    await waitFor(() => expect(name).toHaveAccessibleDescription(expect.stringContaining("„KALLE“ ist auf de231 schon in der Liste.")));
    expect(puts).toEqual([]);

    await user.clear(name);
    await user.type(name, "Neuer Spieler");
    await user.click(within(form).getByRole("button", { name: "Hinzufügen" }));
    await waitFor(() => expect(puts).toEqual([{ playerName: "Neuer Spieler", world: de231, skills: emptyPlayerSkillLevels }]));
    expect(await screen.findByText("„Neuer Spieler“ wurde hinzugefügt.")).toBeInTheDocument();
    const added = await card("Neuer Spieler");
    expect(skill(added, "Freundschaft")).toHaveValue("0 %");
    expect(within(added).getByText(/Gespeichert am/)).toBeInTheDocument();
    await waitFor(() => expect(name).toHaveValue(""));

    // The same name on another world is another player.
    await user.type(name, "Kalle");
    await user.clear(within(form).getByRole("textbox", { name: "Welt" }));
    await user.type(within(form).getByRole("textbox", { name: "Welt" }), "de230");
    await user.click(within(form).getByRole("button", { name: "Hinzufügen" }));
    await waitFor(() => expect(puts).toHaveLength(2));
    expect(puts[1]).toEqual({ playerName: "Kalle", world: { server: "die-staemme.de", world: "de230" }, skills: emptyPlayerSkillLevels });
  });

  it("removes a saved player after confirmation with the DELETE body, and keeps it when cancelled", async () => {
    const user = userEvent.setup();
    const { deletes } = setup([kalle, zora]);
    renderApp("/ds-player-skills");
    const region = await card("Zora");

    await user.click(within(region).getByRole("button", { name: "Zora entfernen" }));
    let dialog = await screen.findByRole("dialog", { name: "Spieler entfernen" });
    await user.click(within(dialog).getByRole("button", { name: "Abbrechen" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
    expect(deletes).toEqual([]);

    await user.click(within(region).getByRole("button", { name: "Zora entfernen" }));
    dialog = await screen.findByRole("dialog", { name: "Spieler entfernen" });
    expect(within(dialog).getByText(/Die gespeicherten Skills von „Zora“ \(de231 · die-staemme\.de\) werden gelöscht/)).toBeInTheDocument();
    await user.click(within(dialog).getByRole("button", { name: "Entfernen" }));

    await waitFor(() => expect(deletes).toEqual([{ playerName: "Zora", world: de231 }]));
    expect(await screen.findByText("„Zora“ wurde entfernt.")).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole("region", { name: "Zora" })).not.toBeInTheDocument());
    expect(screen.getByRole("region", { name: "Kalle" })).toBeInTheDocument();
  });

  it("sets a saved bot player back to 0 after confirmation; the player stays listed", async () => {
    const user = userEvent.setup();
    const savedKalle = { ...kalle, saved: true, skills: { ...emptyPlayerSkillLevels, freundschaft: 20 }, updatedAt: savedAt };
    const { deletes } = setup([savedKalle]);
    renderApp("/ds-player-skills");
    const region = await card("Kalle");
    expect(skill(region, "Freundschaft")).toHaveValue("20 %");

    await user.click(within(region).getByRole("button", { name: "Skills von Kalle auf 0 setzen" }));
    const dialog = await screen.findByRole("dialog", { name: "Skills auf 0 setzen" });
    await user.click(within(dialog).getByRole("button", { name: "Auf 0 setzen" }));

    await waitFor(() => expect(deletes).toEqual([{ playerName: "Kalle", world: de231 }]));
    expect(await screen.findByText("Die Skills von „Kalle“ stehen wieder auf 0.")).toBeInTheDocument();
    await waitFor(() => expect(skill(region, "Freundschaft")).toHaveValue("0 %"));
    expect(within(region).getByText(/Noch nicht gespeichert/)).toBeInTheDocument();
    expect(within(region).queryByRole("button", { name: /auf 0 setzen/i })).not.toBeInTheDocument();
  });

  it("shows the empty state with a way to the bots", async () => {
    setup([]);
    renderApp("/ds-player-skills");
    expect(await screen.findByText("Noch keine Spieler.")).toBeInTheDocument();
    expect(screen.getByText("Füge einen hinzu oder lege einen Bot an.")).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Zu den Bots" })).toHaveAttribute("href", "/bots");
    expect(screen.getByRole("form", { name: "Spieler hinzufügen" })).toBeInTheDocument();
  });

  it("shows a loading placeholder until the answer arrives", async () => {
    let answer: (response: Response) => void = () => undefined;
    setup([], { "GET /api/ds-player-skills": () => new Promise<Response>((resolve) => (answer = resolve)) });
    renderApp("/ds-player-skills");
    expect(await screen.findByRole("status", { name: "Spieler werden geladen" })).toBeInTheDocument();
    answer(json(200, { players: [kalle] }));
    expect(await card("Kalle")).toBeInTheDocument();
    expect(screen.queryByRole("status", { name: "Spieler werden geladen" })).not.toBeInTheDocument();
  });

  it("shows the server's message when loading fails and loads again on retry", async () => {
    const user = userEvent.setup();
    let failing = true;
    const { listCalls } = setup([kalle], {
      "GET /api/ds-player-skills": () => (failing ? apiError(500, "internal", errorMessages.internal) : json(200, { players: [kalle] })),
    });
    renderApp("/ds-player-skills");
    expect(await screen.findByText("Die Daten konnten nicht geladen werden.")).toBeInTheDocument();
    expect(screen.getByText(errorMessages.internal)).toBeInTheDocument();
    expect(screen.queryByRole("region", { name: "Kalle" })).not.toBeInTheDocument();

    failing = false;
    const before = listCalls();
    await user.click(screen.getByRole("button", { name: "Erneut versuchen" }));
    expect(await card("Kalle")).toBeInTheDocument();
    expect(listCalls()).toBe(before + 1);
    expect(screen.queryByText("Die Daten konnten nicht geladen werden.")).not.toBeInTheDocument();
  });
});
