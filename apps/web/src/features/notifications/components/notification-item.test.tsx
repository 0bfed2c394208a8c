import { fireEvent, screen } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { renderUi } from "@/test/render-ui";
import { NotificationItem } from "./notification-item";

const long = "A".repeat(40) + "BCDEFGHIJK" + "x".repeat(70);
const base = { id: 4, title: "Angriff erkannt", read: false, createdAt: "2026-03-01T10:00:00.000Z" };

describe("NotificationItem", () => {
  it("cuts long messages to 50 characters plus an ellipsis and toggles the full text", () => {
    renderUi(<NotificationItem notification={{ ...base, message: long }} onMarkRead={vi.fn()} onRemove={vi.fn()} />);
    const message = screen.getByTestId("notification-message");
    expect(message).toHaveTextContent(`${"A".repeat(40)}BCDEFGHIJK…`, { normalizeWhitespace: false });
    expect(message.textContent).toHaveLength(51);
    fireEvent.click(screen.getByRole("button", { name: "Mehr anzeigen" }));
    expect(message.textContent).toBe(long);
    fireEvent.click(screen.getByRole("button", { name: "Weniger anzeigen" }));
    expect(message.textContent).toHaveLength(51);
  });

  it("shows short messages whole, without a toggle", () => {
    renderUi(<NotificationItem notification={{ ...base, message: "x".repeat(50) }} onMarkRead={vi.fn()} onRemove={vi.fn()} />);
    expect(screen.getByTestId("notification-message").textContent).toBe("x".repeat(50));
    expect(screen.queryByRole("button", { name: "Mehr anzeigen" })).not.toBeInTheDocument();
  });

  it("links to what it is about; following the link marks it read", async () => {
    const onMarkRead = vi.fn();
    const cases = [
      [{ kind: "attack-plan", planId: 12, attackId: 34 }, "Zum Angriffsplan", "/attack-plans/12"],
      [{ kind: "bot", dsbotId: 5 }, "Zum Bot", "/bots/5"],
      [{ kind: "incoming", incomingId: 9 }, "Zu den eingehenden Angriffen", "/incomings"],
      [{ kind: "tab-request", tabRequestId: 3 }, "Zu den Tab-Anfragen", "/tab-requests"],
    ] as const;
    for (const [link, label, href] of cases) {
      const { unmount } = renderUi(<NotificationItem notification={{ ...base, message: "Hallo", link }} onMarkRead={onMarkRead} onRemove={vi.fn()} />);
      expect(screen.getByRole("link", { name: label })).toHaveAttribute("href", href);
      unmount();
    }
    const onOpen = vi.fn();
    renderUi(<NotificationItem notification={{ ...base, message: "Hallo", link: { kind: "bot", dsbotId: 5 } }} onMarkRead={onMarkRead} onRemove={vi.fn()} onOpen={onOpen} />);
    fireEvent.click(screen.getByRole("link", { name: "Zum Bot" }));
    expect(onMarkRead).toHaveBeenCalledWith(4);
    expect(onOpen).toHaveBeenCalled();
  });

  it("has no link when it is about nothing to open", () => {
    renderUi(<NotificationItem notification={{ ...base, message: "Hallo", link: null }} onMarkRead={vi.fn()} onRemove={vi.fn()} />);
    expect(screen.queryByTestId("notification-link")).not.toBeInTheDocument();
  });

  it("offers mark-read only while unread, and remove", () => {
    const onMarkRead = vi.fn();
    const onRemove = vi.fn();
    renderUi(<NotificationItem notification={{ ...base, message: "Hallo" }} onMarkRead={onMarkRead} onRemove={onRemove} />);
    fireEvent.click(screen.getByRole("button", { name: "Als gelesen markieren" }));
    fireEvent.click(screen.getByRole("button", { name: "Benachrichtigung entfernen" }));
    expect(onMarkRead).toHaveBeenCalledWith(4);
    expect(onRemove).toHaveBeenCalledWith(4);
  });
});
