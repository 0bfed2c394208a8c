// One icon per building of the game (the bot's villages, builder templates, …), with the game's German
// name as its accessible name and on hover: `<BuildingIcon building="main" />`. Line icons of the app's
// family, as for the units (unit-icon.tsx).
import { buildingLabels, type Building } from "@dsbot/protocol";
import {
  IconBuildingCastle,
  IconBuildingChurch,
  IconBuildingEstate,
  IconBuildingLighthouse,
  IconBuildingMonument,
  IconBuildingStore,
  IconBuildingWarehouse,
  IconCross,
  IconEyeOff,
  IconFlag,
  IconHammer,
  IconHorseToy,
  IconPick,
  IconShovel,
  IconSwords,
  IconTools,
  IconTrees,
  IconWall,
  IconWheat,
  type Icon,
} from "@tabler/icons-react";
import { NamedIcon } from "./named-icon";

export const buildingIcons: Record<Building, Icon> = {
  main: IconBuildingCastle,
  barracks: IconSwords,
  stable: IconHorseToy,
  garage: IconTools,
  church: IconBuildingChurch,
  church_f: IconCross,
  watchtower: IconBuildingLighthouse,
  snob: IconBuildingEstate,
  smith: IconHammer,
  place: IconFlag,
  statue: IconBuildingMonument,
  market: IconBuildingStore,
  wood: IconTrees,
  stone: IconShovel,
  iron: IconPick,
  farm: IconWheat,
  storage: IconBuildingWarehouse,
  hide: IconEyeOff,
  wall: IconWall,
};

export function BuildingIcon({ building, size = 14 }: { building: Building; size?: number }) {
  return <NamedIcon glyph={buildingIcons[building]} label={buildingLabels[building]} size={size} data={{ "data-building-icon": building }} />;
}
