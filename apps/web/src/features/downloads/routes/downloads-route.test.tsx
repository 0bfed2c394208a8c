import type { DownloadsResponse } from "@dsbot/protocol";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { useClientConfig } from "@/lib/client-config";
import { queryClient } from "@/lib/query-client";
import { useSession } from "@/lib/session";
import { apiError, json, mockFetch, type FetchHandler } from "@/test/fetch-mock";
import { plainUser } from "@/test/fixtures";
import { renderApp, signIn } from "@/test/render-app";

const sha = "3f8a0c1e9b7d6a5f4e3d2c1b0a9f8e7d6c5b4a3f2e1d0c9b8a7f6e5d4c3b2a19";
const dsbotFile = { fileName: "dsbot.mjs", version: "0.4.2", size: 422_195, sha256: sha, url: "/api/downloads/dsbot/file" };
const scriptSha = "a1b2c3d4e5f60718293a4b5c6d7e8f90a1b2c3d4e5f60718293a4b5c6d7e8f90";
const userscriptFile = { fileName: "dsbot.user.js", version: "0.1.0", size: 236_412, sha256: scriptSha, url: "/api/downloads/userscript/file" };
const served: DownloadsResponse = {
  downloads: [
    { type: "dsbot", file: dsbotFile },
    { type: "userscript", file: userscriptFile },
  ],
};

function setup(downloads: FetchHandler = () => json(200, served)) {
  const calls = mockFetch({
    "GET /api/client-config": () => json(200, { apiBases: {}, version: "0.1.0" }),
    "GET /api/auth/me": () => json(200, { user: plainUser }),
    "GET /api/downloads": downloads,
  });
  signIn(plainUser);
  return calls;
}

const downloadCalls = (calls: ReturnType<typeof setup>) =>
  calls.mock.calls.filter(([input]) => new URL(String(input instanceof Request ? input.url : input), "http://localhost").pathname === "/api/downloads");

const dsbotCard = () => screen.findByRole("region", { name: "Dsbot" });
const userscriptCard = () => screen.findByRole("region", { name: "Userscript" });
const commands = (card: HTMLElement) => Array.from(card.querySelectorAll('[data-copyable="command"] pre')).map((node) => node.textContent);

afterEach(() => {
  useSession.setState({ token: null, user: null });
  useClientConfig.setState({ config: null });
  queryClient.clear();
});

describe("Downloads", { timeout: 60_000 }, () => {
  it("shows the Dsbot card with version, size, SHA-256, download link and the commands for this server", async () => {
    setup();
    renderApp("/downloads");
    const card = await dsbotCard();
    const origin = window.location.origin;

    expect(within(card).getByText("0.4.2")).toBeInTheDocument();
    expect(within(card).getByText("412,3 KB")).toBeInTheDocument();
    expect(within(card).getByText(sha)).toBeInTheDocument();
    expect(within(card).getByText(/Node\.js 20 oder neuer/, { selector: "p" })).toBeInTheDocument();

    const download = within(card).getByRole("link", { name: "Herunterladen" });
    expect(download).toHaveAttribute("href", "/api/downloads/dsbot/file");
    expect(download).toHaveAttribute("download", "dsbot.mjs");

    expect(commands(card)).toEqual([
      `node dsbot.mjs pair --server ${origin}`,
      "node dsbot.mjs bots add --id <Bot-ID> --player <Spielername> --password <Passwort>",
      "node dsbot.mjs run",
      "sha256sum dsbot.mjs",
      "shasum -a 256 dsbot.mjs",
      "Get-FileHash dsbot.mjs",
    ]);
    expect(within(card).getByRole("link", { name: "nodejs.org" })).toHaveAttribute("href", "https://nodejs.org");
    expect(within(card).getByRole("link", { name: "Dsbot Auth" })).toHaveAttribute("href", "/dsbot-auth");
    expect(within(card).getByRole("link", { name: "Zu den Bots" })).toHaveAttribute("href", "/bots");
    expect(await userscriptCard()).toBeInTheDocument();
  });

  it("lists the steps in the order they work: create the bot, Node.js, download, pair, add it by its Bot-ID, run", async () => {
    setup();
    renderApp("/downloads");
    const card = await dsbotCard();
    const steps = within(within(card).getByRole("heading", { name: "Installation" }).parentElement!).getAllByRole("listitem");
    expect(steps.map((step) => step.textContent)).toEqual([
      expect.stringMatching(/^Unter Bots einen Bot für deinen Spieler anlegen\. Seine Bot-ID steht danach in der Liste und auf der Seite des Bots\./),
      expect.stringMatching(/^Node\.js 20 oder neuer installieren/),
      "dsbot.mjs oben herunterladen und in einen eigenen Ordner legen.",
      expect.stringMatching(/^Im Ordner der Datei diesen PC mit deinem Konto koppeln:node dsbot\.mjs pair/),
      expect.stringMatching(/^Den Bot mit seiner Bot-ID eintragen:node dsbot\.mjs bots add --id <Bot-ID>.*Die Bot-ID steht in der Liste unter Bots und auf der Seite des Bots\./),
      expect.stringMatching(/^Die Bots starten:node dsbot\.mjs run/),
    ]);
    expect(within(steps[0]!).getByRole("link", { name: "Zu den Bots" })).toHaveAttribute("href", "/bots");
  });

  it("uses the API base of the user's game server for the commands and the download link", async () => {
    setup();
    useClientConfig.setState({ config: { apiBases: { "die-staemme.de": "https://api.example.de/" }, version: "0.1.0" } });
    renderApp("/downloads");
    const card = await dsbotCard();
    expect(commands(card)[0]).toBe("node dsbot.mjs pair --server https://api.example.de");
    expect(within(card).getByRole("link", { name: "Herunterladen" })).toHaveAttribute("href", "https://api.example.de/api/downloads/dsbot/file");
  });

  it("copies the SHA-256 and a command to the clipboard", async () => {
    const user = userEvent.setup();
    const writeText = vi.spyOn(navigator.clipboard, "writeText").mockResolvedValue();
    setup();
    renderApp("/downloads");
    const card = await dsbotCard();

    await user.click(within(card).getByRole("button", { name: "SHA-256 kopieren" }));
    expect(writeText).toHaveBeenLastCalledWith(sha);
    expect(await screen.findByText("Der Wert wurde in die Zwischenablage kopiert.")).toBeInTheDocument();

    await user.click(within(card).getByRole("button", { name: "Befehl zum Starten kopieren" }));
    expect(writeText).toHaveBeenLastCalledWith("node dsbot.mjs run");
  });

  it.each([
    ["userscript", "Userscript", "Dsbot"],
    ["dsbot", "Dsbot", "Userscript"],
  ])("highlights the %s card from ?script= and scrolls it into view", async (script, chosen, other) => {
    const scroll = vi.spyOn(HTMLElement.prototype, "scrollIntoView").mockImplementation(() => undefined);
    setup();
    renderApp(`/downloads?script=${script}`);
    const card = await screen.findByRole("region", { name: chosen });
    const rest = screen.getByRole("region", { name: other });

    expect(card).toHaveAttribute("aria-current", "true");
    expect(card).toHaveAttribute("data-highlighted");
    expect(within(card).getByText("Ausgewählt")).toBeInTheDocument();
    expect(rest).not.toHaveAttribute("aria-current");
    expect(rest).not.toHaveAttribute("data-highlighted");
    await waitFor(() => expect(scroll.mock.contexts).toContain(card));
    expect(scroll.mock.contexts).not.toContain(rest);
  });

  it("highlights nothing for an unknown ?script= value", async () => {
    const scroll = vi.spyOn(HTMLElement.prototype, "scrollIntoView").mockImplementation(() => undefined);
    setup();
    renderApp("/downloads?script=tampermonkey");
    const cards = [await dsbotCard(), await userscriptCard()];
    for (const card of cards) {
      expect(card).not.toHaveAttribute("aria-current");
      expect(card).not.toHaveAttribute("data-highlighted");
    }
    expect(screen.queryByText("Ausgewählt")).not.toBeInTheDocument();
    expect(scroll.mock.contexts.filter((element) => cards.includes(element as HTMLElement))).toEqual([]);
  });

  it("says plainly when the runner was not built and offers no download or commands", async () => {
    setup(() => json(200, { downloads: [{ type: "dsbot", file: null }, { type: "userscript", file: null }] }));
    renderApp("/downloads");
    const card = await dsbotCard();
    expect(within(card).getByText("Der Runner wurde auf diesem Server nicht gebaut (npm run build).")).toBeInTheDocument();
    expect(within(card).queryByRole("link", { name: "Herunterladen" })).not.toBeInTheDocument();
    expect(card.querySelector("a[download]")).toBeNull();
    expect(commands(card)).toEqual([]);
  });

  it("shows the Userscript card with version, size, SHA-256, download link and the install steps for this server", async () => {
    setup();
    renderApp("/downloads");
    const card = await userscriptCard();
    expect(within(card).getByText(/Tampermonkey-Skript/)).toBeInTheDocument();
    expect(within(card).getByText("dsbot.user.js")).toBeInTheDocument();
    expect(within(card).getByText("0.1.0")).toBeInTheDocument();
    expect(within(card).getByText("230,9 KB")).toBeInTheDocument();
    expect(within(card).getByText(scriptSha)).toBeInTheDocument();

    const download = within(card).getByRole("link", { name: "Herunterladen" });
    expect(download).toHaveAttribute("href", "/api/downloads/userscript/file");
    expect(download).toHaveAttribute("download", "dsbot.user.js");

    // The steps: Tampermonkey, the file, this server's address to enter and pair, confirming on Dsbot Auth.
    const steps = within(card).getAllByRole("listitem").map((item) => item.textContent ?? "");
    expect(steps).toHaveLength(4);
    expect(steps[0]).toContain("Tampermonkey (oder Violentmonkey) im Browser installieren");
    expect(steps[1]).toContain("dsbot.user.js herunterladen (oben) und auf die Übersichtsseite von Tampermonkey ziehen");
    expect(steps[2]).toContain("„Koppeln“");
    expect(steps[3]).toContain("Abschicken musst du selbst.");
    expect(card.querySelector('[data-copyable="address"] pre')?.textContent).toBe(window.location.origin);
    expect(within(card).getByRole("link", { name: "tampermonkey.net" })).toHaveAttribute("href", "https://www.tampermonkey.net");
    expect(within(card).getByRole("link", { name: "Dsbot Auth" })).toHaveAttribute("href", "/dsbot-auth");
  });

  it("says plainly when the userscript was not built and offers no download", async () => {
    setup(() => json(200, { downloads: [{ type: "dsbot", file: dsbotFile }, { type: "userscript", file: null }] }));
    renderApp("/downloads");
    const card = await userscriptCard();
    expect(within(card).getByText("Das Userscript wurde auf diesem Server nicht gebaut (npm run build).")).toBeInTheDocument();
    expect(within(card).getByText(/Tampermonkey/)).toBeInTheDocument();
    expect(within(card).queryAllByRole("link")).toEqual([]);
    expect(within(card).queryAllByRole("button")).toEqual([]);
    expect(card.querySelector("a, [download]")).toBeNull();
    // The Dsbot card beside it does have its link: the page is loaded, not empty.
    expect(within(await dsbotCard()).getByRole("link", { name: "Herunterladen" })).toBeInTheDocument();
  });

  it("shows the server's message on failure and loads again on retry", async () => {
    const user = userEvent.setup();
    let failing = true;
    const calls = setup(() => (failing ? apiError(500, "internal", "Der Server hat ein Problem.") : json(200, served)));
    renderApp("/downloads");
    expect(await screen.findByText("Die Daten konnten nicht geladen werden.")).toBeInTheDocument();
    expect(screen.getByText("Der Server hat ein Problem.")).toBeInTheDocument();
    expect(screen.queryByRole("region", { name: "Dsbot" })).not.toBeInTheDocument();

    failing = false;
    const before = downloadCalls(calls).length;
    await user.click(screen.getByRole("button", { name: "Erneut versuchen" }));
    expect(await dsbotCard()).toBeInTheDocument();
    expect(downloadCalls(calls).length).toBe(before + 1);
    expect(screen.queryByText("Die Daten konnten nicht geladen werden.")).not.toBeInTheDocument();
  });

  it("shows a loading placeholder until the answer arrives", async () => {
    let answer: (response: Response) => void = () => undefined;
    setup(() => new Promise<Response>((resolve) => (answer = resolve)));
    renderApp("/downloads");
    expect(await screen.findByRole("status", { name: "Downloads werden geladen" })).toBeInTheDocument();
    answer(json(200, served));
    expect(await dsbotCard()).toBeInTheDocument();
    expect(screen.queryByRole("status", { name: "Downloads werden geladen" })).not.toBeInTheDocument();
  });
});
