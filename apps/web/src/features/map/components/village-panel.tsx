// The side panel of the clicked village: name, coordinates, points, owner and tribe, game links on
// the user's world, and marking the owner or tribe. A panel over the map on wide screens, a bottom
// drawer on phones.
import { Anchor, Button, CloseButton, Divider, Drawer, Group, Stack, Text, Title } from "@mantine/core";
import { IconExternalLink } from "@tabler/icons-react";
import type { WorldSummary } from "@dsbot/protocol";
import { formatCoord } from "@dsbot/protocol";
import type { ReactNode } from "react";
import { InfoList } from "@/components/ui/info-list";
import type { MapMark, MarkKind } from "../lib/classify";
import type { GameLinks, VillageInfo } from "../lib/village-info";
import { mapTexts } from "../texts";
import classes from "./map.module.css";
import { useVillageDetail, villageNameText } from "./village-name";

interface VillagePanelProps {
  world: WorldSummary;
  info: VillageInfo;
  links: GameLinks;
  /** "x|y" of the rally point's own village, when there is one. */
  rallyFrom: string | null;
  marks: readonly MapMark[];
  onToggleMark: (kind: MarkKind, id: number, label: string) => void;
  onClose: () => void;
  mobile: boolean;
}

function GameLink({ href, children }: { href: string; children: ReactNode }) {
  return (
    <Anchor href={href} target="_blank" rel="noopener noreferrer" size="sm">
      <Group gap={4} component="span" wrap="nowrap">
        {children}
        <IconExternalLink size={14} aria-hidden />
      </Group>
    </Anchor>
  );
}

function PanelBody({ world, info, links, rallyFrom, marks, onToggleMark }: Omit<VillagePanelProps, "onClose" | "mobile">) {
  const detail = useVillageDetail(world, info.id);
  const name = villageNameText(detail.data?.village.name, detail.isError);
  const marked = (kind: MarkKind, id: number) => marks.some((m) => m.kind === kind && m.id === id);
  const owner = info.player ? `${info.player.name} (${mapTexts.points(info.player.points)})` : mapTexts.barbarian;
  return (
    <Stack gap="sm" data-testid="village-panel">
      <Title order={3} size="h4" style={{ overflowWrap: "anywhere" }}>
        {name}
      </Title>
      {detail.isError && (
        <Text size="xs" c="red">
          {mapTexts.detailFailed}
        </Text>
      )}
      <InfoList
        items={[
          { label: mapTexts.coords, value: formatCoord(info) },
          { label: mapTexts.continent, value: info.continent },
          { label: mapTexts.villagePoints, value: info.points.toLocaleString("de-DE") },
          { label: mapTexts.owner, value: owner },
          ...(info.player ? [{ label: mapTexts.tribe, value: info.ally ? `[${info.ally.tag}] ${info.ally.name}` : mapTexts.noTribe }] : []),
          ...(info.bonusId > 0 ? [{ label: mapTexts.bonus, value: mapTexts.bonusVillage }] : []),
        ]}
      />
      <Divider label={mapTexts.links} labelPosition="left" />
      <Stack gap={6}>
        <GameLink href={links.village}>{mapTexts.villageInfo}</GameLink>
        {links.player && <GameLink href={links.player}>{mapTexts.playerInfo}</GameLink>}
        {links.ally && <GameLink href={links.ally}>{mapTexts.allyInfo}</GameLink>}
        {links.rallyPoint && rallyFrom ? (
          <>
            <GameLink href={links.rallyPoint}>{mapTexts.rallyPoint}</GameLink>
            <Text size="xs" c="dimmed">
              {mapTexts.rallyPointHint(rallyFrom)}
            </Text>
          </>
        ) : (
          <Text size="xs" c="dimmed">
            {mapTexts.rallyPointNone}
          </Text>
        )}
      </Stack>
      {(info.player || info.ally) && (
        <Group gap="xs">
          {info.player && (
            <Button size="xs" variant="light" onClick={() => onToggleMark("player", info.player!.id, info.player!.name)}>
              {marked("player", info.player.id) ? mapTexts.unmark : mapTexts.markPlayer}
            </Button>
          )}
          {info.ally && (
            <Button size="xs" variant="light" onClick={() => onToggleMark("ally", info.ally!.id, info.ally!.tag)}>
              {marked("ally", info.ally.id) ? `${mapTexts.unmark} [${info.ally.tag}]` : mapTexts.markAlly}
            </Button>
          )}
        </Group>
      )}
    </Stack>
  );
}

export function VillagePanel(props: VillagePanelProps) {
  const { mobile, onClose } = props;
  if (mobile) {
    return (
      <Drawer opened onClose={onClose} position="bottom" size="60%" withOverlay={false} lockScroll={false} title={mapTexts.panelTitle} closeButtonProps={{ "aria-label": mapTexts.panelClose }}>
        <PanelBody {...props} />
      </Drawer>
    );
  }
  return (
    <aside className={classes.panel} aria-label={mapTexts.panelTitle}>
      <CloseButton aria-label={mapTexts.panelClose} onClick={onClose} style={{ position: "absolute", top: 8, right: 8 }} />
      <PanelBody {...props} />
    </aside>
  );
}
