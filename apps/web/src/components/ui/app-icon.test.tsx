import { moduleNames, moduleRegistry } from "@dsbot/protocol";
import { render } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { routes } from "@/config/routes";
import { AppIcon } from "./app-icon";
import { resolveIcon } from "./icons";

describe("AppIcon", () => {
  it("renders the named tabler icon", () => {
    const { container } = render(<AppIcon name="IconClock" />);
    expect(container.querySelector("svg")).toHaveAttribute("data-icon", "IconClock");
  });

  it("falls back to the fallback icon for unknown names", () => {
    const { container } = render(<AppIcon name="IconDoesNotExist" />);
    expect(container.querySelector("svg")).toHaveAttribute("data-icon", "fallback");
    expect(resolveIcon(undefined).found).toBe(false);
  });

  it("knows every icon of the module registry and the route table", () => {
    const names = [...moduleNames.map((m) => moduleRegistry[m].icon), ...Object.values(routes).map((r) => r.icon)];
    expect(names.filter((name) => !resolveIcon(name).found)).toEqual([]);
  });
});
