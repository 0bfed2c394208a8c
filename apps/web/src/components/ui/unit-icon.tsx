// One icon per unit of the game (attack and incomings tables, planner preview, Truppen, the bot's villages),
// with the game's German name as its accessible name and on hover: `<UnitIcon unit="axe" />`. The game's
// own unit images are not ours to ship, so each unit gets a distinct line icon of the same family as the
// rest of the app.
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
import { NamedIcon } from "./named-icon";

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
  return <NamedIcon glyph={unitIcons[unit]} label={unitLabels[unit]} size={size} data={{ "data-unit-icon": unit }} />;
}
