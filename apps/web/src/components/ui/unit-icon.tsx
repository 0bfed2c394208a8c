// One icon per unit of the game (attack table, planner preview, later the troops overview), with the
// full German name as its accessible name. The game's own unit images are not ours to ship, so each unit
// gets a distinct line icon of the same family as the rest of the app.
import { unitLabels, type Unit } from "@dsbot/protocol";
import {
  IconAxe,
  IconBow,
  IconChessKnight,
  IconCrown,
  IconHammer,
  IconHorse,
  IconMeteor,
  IconShieldChevron,
  IconSpy,
  IconSword,
  IconTargetArrow,
  IconArrowNarrowUp,
  type Icon,
} from "@tabler/icons-react";

export const unitIcons: Record<Unit, Icon> = {
  spear: IconArrowNarrowUp,
  sword: IconSword,
  axe: IconAxe,
  archer: IconBow,
  spy: IconSpy,
  light: IconHorse,
  marcher: IconTargetArrow,
  heavy: IconChessKnight,
  ram: IconHammer,
  catapult: IconMeteor,
  knight: IconShieldChevron,
  snob: IconCrown,
};

export function UnitIcon({ unit, size = 14 }: { unit: Unit; size?: number }) {
  const Glyph = unitIcons[unit];
  return <Glyph size={size} stroke={1.75} role="img" aria-label={unitLabels[unit]} data-unit-icon={unit} />;
}
