import { errorMessages } from "@dsbot/protocol";
import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { toast } from "sonner";
import { afterEach, describe, expect, it } from "vitest";
import { queryClient } from "@/lib/query-client";
import { useSession } from "@/lib/session";
import { apiError, json, mockFetch } from "@/test/fetch-mock";
import { makeBot } from "@/test/bot-fixtures";
import { adminUser, plainUser } from "@/test/fixtures";
import { signIn } from "@/test/render-app";
import { renderUi } from "@/test/render-ui";
import { BotSettingsForm } from "./bot-settings-form";

afterEach(() => {
  useSession.setState({ token: null, user: null });
  queryClient.clear();
  toast.dismiss();
});

const ownBot = makeBot({ id: 7, ownerId: plainUser.id, status: "offline", dsPlayer: { name: "Kalle" }, notes: "" });

describe("Bot config: general settings", { timeout: 60_000 }, () => {
  it("sends only what changed and shows the saved bot", async () => {
    const user = userEvent.setup();
    signIn(plainUser);
    const bodies: unknown[] = [];
    mockFetch({
      "PATCH /api/dsbot/7": ({ body }) => {
        bodies.push(body);
        return json(200, { dsbot: { ...ownBot, dsPlayer: { name: "Kalle2" }, notes: "Nachts Pause" } });
      },
    });
    renderUi(<BotSettingsForm bot={ownBot} />);
    const save = screen.getByRole("button", { name: "Speichern" });
    expect(save).toBeDisabled();
    await user.clear(screen.getByRole("textbox", { name: "Spielername" }));
    await user.type(screen.getByRole("textbox", { name: "Spielername" }), "Kalle2");
    await user.type(screen.getByRole("textbox", { name: "Notizen" }), "Nachts Pause");
    await user.click(save);
    expect(await screen.findByText("Die Einstellungen wurden gespeichert.")).toBeInTheDocument();
    expect(bodies).toEqual([{ dsPlayer: { name: "Kalle2" }, notes: "Nachts Pause" }]);
  });

  it("shows the schema's German message under an empty player name and sends nothing", async () => {
    const user = userEvent.setup();
    signIn(plainUser);
    const bodies: unknown[] = [];
    mockFetch({ "PATCH /api/dsbot/7": ({ body }) => (bodies.push(body), json(200, { dsbot: ownBot })) });
    renderUi(<BotSettingsForm bot={ownBot} />);
    await user.clear(screen.getByRole("textbox", { name: "Spielername" }));
    await user.click(screen.getByRole("button", { name: "Speichern" }));
    expect(await screen.findByText("Eingabe erforderlich")).toBeInTheDocument();
    expect(bodies).toEqual([]);
  });

  it("locks player and world while the bot runs, but saves notes; the server's 409 is shown", async () => {
    const user = userEvent.setup();
    signIn(plainUser);
    const running = { ...ownBot, status: "online" as const };
    mockFetch({ "PATCH /api/dsbot/7": () => apiError(409, "conflict", errorMessages.botRunningSettings) });
    renderUi(<BotSettingsForm bot={running} />);
    expect(screen.getByText("Der Bot läuft: Spieler und Welt lassen sich erst nach dem Stoppen ändern.")).toBeInTheDocument();
    expect(screen.getByRole("textbox", { name: "Spielername" })).toBeDisabled();
    expect(screen.getByRole("textbox", { name: "Welt" })).toBeDisabled();
    await user.type(screen.getByRole("textbox", { name: "Notizen" }), "x");
    await user.click(screen.getByRole("button", { name: "Speichern" }));
    await waitFor(() => expect(screen.getByText(errorMessages.botRunningSettings)).toBeInTheDocument());
  });

  it("is read-only for a user the bot was only shared with; admins may edit", async () => {
    signIn({ ...plainUser, id: 99 });
    const view = renderUi(<BotSettingsForm bot={ownBot} />);
    expect(screen.getByText("Nur der Besitzer und Administratoren können die Einstellungen ändern.")).toBeInTheDocument();
    expect(screen.getByRole("textbox", { name: "Notizen" })).toBeDisabled();
    expect(screen.queryByRole("button", { name: "Speichern" })).toBeNull();
    view.unmount();
    signIn(adminUser);
    renderUi(<BotSettingsForm bot={ownBot} />);
    expect(screen.getByRole("textbox", { name: "Notizen" })).toBeEnabled();
  });
});
