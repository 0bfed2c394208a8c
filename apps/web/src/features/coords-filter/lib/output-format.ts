// The three output formats of the filtered coordinates.
import { formatCoord, type Coord } from "@dsbot/protocol";
import type { OutputFormat } from "./filter-settings";

export function formatOutput(coords: readonly Coord[], format: OutputFormat): string {
  const texts = coords.map(formatCoord);
  switch (format) {
    case "lines":
      return texts.join("\n");
    case "spaces":
      return texts.join(" ");
    case "bbcode":
      return texts.map((text) => `[coord]${text}[/coord]`).join("\n");
  }
}
