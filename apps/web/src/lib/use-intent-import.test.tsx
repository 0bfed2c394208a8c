import { act, fireEvent, render, screen } from "@testing-library/react";
import { useState } from "react";
import { describe, expect, it } from "vitest";
import { useIntentImport } from "./use-intent-import";

function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((r) => (resolve = r));
  return { promise, resolve };
}

type Popup = { Popup: (props: { target: React.ReactElement; opened: boolean }) => React.ReactElement };

function makeHarness(load: () => Promise<Popup>) {
  return function Harness() {
    const [opened, setOpened] = useState(false);
    const [clicks, setClicks] = useState(0);
    const popup = useIntentImport(load);
    const target = (
      <button
        ref={popup.track}
        type="button"
        onClick={() => {
          popup.prime();
          setClicks((n) => n + 1);
          setOpened(true);
        }}
      >
        Menü {clicks}
      </button>
    );
    if (!popup.module) return target;
    return <popup.module.Popup target={target} opened={opened} />;
  };
}

const popupModule: Popup = {
  Popup: ({ target, opened }) => (
    <div data-testid="loaded">
      {target}
      {opened && <div role="menu">offen</div>}
    </div>
  ),
};

describe("useIntentImport", () => {
  it("loads on pointer over; a press that spans the load keeps its click, and the popup then shows it", async () => {
    const gate = deferred<Popup>();
    let loads = 0;
    const Harness = makeHarness(() => {
      loads += 1;
      return gate.promise;
    });
    render(<Harness />);
    const button = screen.getByRole("button");
    fireEvent.pointerEnter(button);
    fireEvent.pointerDown(button);
    expect(loads).toBe(1);
    await act(async () => gate.resolve(popupModule));
    // Still pressed: the element the press started on stays.
    expect(screen.queryByTestId("loaded")).toBeNull();
    fireEvent.pointerUp(button);
    fireEvent.click(button);
    expect(await screen.findByRole("menu")).toHaveTextContent("offen");
    expect(screen.getByRole("button")).toHaveTextContent("Menü 1");
    expect(loads).toBe(1);
  });

  it("moves the keyboard focus to the element mounted anew", async () => {
    const gate = deferred<Popup>();
    const Harness = makeHarness(() => gate.promise);
    render(<Harness />);
    const button = screen.getByRole("button");
    act(() => button.focus());
    await act(async () => gate.resolve(popupModule));
    expect(await screen.findByTestId("loaded")).toBeInTheDocument();
    expect(screen.getByRole("button")).not.toBe(button);
    expect(screen.getByRole("button")).toHaveFocus();
  });

  it("tries again after a failed load", async () => {
    let attempt = 0;
    const Harness = makeHarness(() => (++attempt === 1 ? Promise.reject(new Error("offline")) : Promise.resolve(popupModule)));
    const errors: unknown[] = [];
    const original = console.error;
    console.error = (...args: unknown[]) => errors.push(args[0]);
    try {
      render(<Harness />);
      fireEvent.pointerEnter(screen.getByRole("button"));
      await act(async () => {});
      expect(errors).toContain("[intent-import] the module could not be loaded");
      fireEvent.pointerEnter(screen.getByRole("button"));
      expect(await screen.findByTestId("loaded")).toBeInTheDocument();
      expect(attempt).toBe(2);
    } finally {
      console.error = original;
    }
  });
});
