// An icon that stands for a named thing of the game (a unit, a building): its German name is the accessible
// name and shows on hover — unless the icon sits inside another tooltip's element, which then speaks for
// it (one bubble per hover).
import type { Icon } from "@tabler/icons-react";
import { Tooltip, useInsideTooltip } from "./tooltip";
import classes from "./named-icon.module.css";

export interface NamedIconProps {
  glyph: Icon;
  label: string;
  size: number;
  /** data-* attributes that name the thing for tests and styles, e.g. `{ "data-unit-icon": "axe" }`. */
  data: Record<`data-${string}`, string>;
}

export function NamedIcon({ glyph: Glyph, label, size, data }: NamedIconProps) {
  const nested = useInsideTooltip();
  const icon = (
    <span role="img" aria-label={label} className={classes.icon} {...data}>
      <Glyph size={size} stroke={1.75} aria-hidden />
    </span>
  );
  return nested ? icon : <Tooltip label={label}>{icon}</Tooltip>;
}
