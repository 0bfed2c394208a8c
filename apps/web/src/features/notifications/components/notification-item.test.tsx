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
