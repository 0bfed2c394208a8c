// Cells of the incomings table and its phone cards: the attacker with their tribe, a village as its
// coordinates (linked to the game's village info where the id is known) with its name under them, the
// marking (the player's own tag, else the label the command carries in the game, e.g. the Umbenenner's)
// and the row's place in a noble train. Nothing a player reads is cut: names wrap.
import type { Incoming } from "@dsbot/protocol";
import { villageInfoUrl } from "@dsbot/protocol";
import { ActionIcon, Anchor, Button, Group, Popover, Text, TextInput } from "@mantine/core";
import { IconPencil } from "@tabler/icons-react";
import { useState } from "react";
import { Tooltip } from "@/components/ui/tooltip";
import { incomingTexts as texts } from "../texts";
import classes from "./incoming-cells.module.css";

/** The label the game gives an incoming attack nobody renamed: no marking. */
const UNTOUCHED_GAME_LABEL = "Angriff";

/** What the "Markierung" shows: the player's tag, else a label set in the game (the Umbenenner's tag), else nothing. */
export function markingOf(incoming: Pick<Incoming, "tag" | "label">): { text: string; fromGame: boolean } | null {
  if (incoming.tag) return { text: incoming.tag, fromGame: false };
  const label = incoming.label?.trim();
  if (label && label !== UNTOUCHED_GAME_LABEL) return { text: label, fromGame: true };
  return null;
}

export function AttackerCell({ player }: { player: Incoming["origin"]["player"] }) {
  return (
    <div>
      <Text size="sm" fw={600} className={classes.wrap} fs={player ? undefined : "italic"} c={player ? undefined : "dimmed"}>
        {player?.name ?? texts.barbarian}
      </Text>
      {player?.tribe && (
        <Text size="xs" c="dimmed" className={classes.wrap}>
          [{player.tribe}]
        </Text>
      )}
    </div>
  );
}

/** A village: `x|y` (a link to the game's village info where its id is known) and its name below, once. */
export function VillageCell({ village, world }: { village: Incoming["origin"]; world: Incoming["world"] }) {
  const coords = (
    <Text span size="sm" ff="monospace">
      {village.coordinates}
    </Text>
  );
  return (
    <div className={classes.village}>
      {village.villageId !== null && village.villageId > 0 ? (
        <Anchor
          href={villageInfoUrl(world, village.villageId)}
          target="_blank"
          rel="noopener noreferrer"
          underline="hover"
          aria-label={texts.villageInfo(village.name, village.coordinates)}
          data-village-link
        >
          {coords}
        </Anchor>
      ) : (
        coords
      )}
      {village.name && (
        <Text size="xs" c="dimmed" className={classes.wrap} data-village-name>
          {village.name}
        </Text>
      )}
    </div>
  );
}

/** The marking with its editor: the player's tag, or (dimmed, said on hover) the label from the game. */
export function MarkingEditor({ incoming, onSave }: { incoming: Incoming; onSave: (tag: string) => Promise<unknown> }) {
  const marking = markingOf(incoming);
  const [opened, setOpened] = useState(false);
  const [value, setValue] = useState(marking?.text ?? "");
  const [saving, setSaving] = useState(false);
  const save = async () => {
    setSaving(true);
    try {
      await onSave(value.trim());
      setOpened(false);
    } finally {
      setSaving(false);
    }
  };
  const text = (
    <Text size="sm" className={marking ? `${classes.wrap} ${classes.marking}` : classes.wrap} c={marking && !marking.fromGame ? undefined : "dimmed"} data-marking={marking ? (marking.fromGame ? "game" : "tag") : undefined}>
      {marking?.text ?? "–"}
    </Text>
  );
  return (
    <Group gap={4} wrap="nowrap" align="flex-start">
      {marking?.fromGame ? <Tooltip label={texts.markingFromGame}>{text}</Tooltip> : text}
      <Popover opened={opened} onChange={setOpened} position="bottom-end" withArrow trapFocus>
        <Popover.Target>
          <ActionIcon
            variant="subtle"
            color="gray"
            size="sm"
            aria-label={texts.editTag(incoming.target.coordinates)}
            onClick={() => {
              setValue(marking?.text ?? "");
              setOpened((o) => !o);
            }}
          >
            <IconPencil size={15} />
          </ActionIcon>
        </Popover.Target>
        <Popover.Dropdown>
          <form
            onSubmit={(event) => {
              event.preventDefault();
              void save();
            }}
          >
            <Group gap="xs" align="flex-end">
              <TextInput label={texts.tagLabel} placeholder={texts.tagPlaceholder} value={value} maxLength={100} onChange={(e) => setValue(e.currentTarget.value)} data-autofocus />
              <Button type="submit" size="sm" loading={saving}>
                {texts.save}
              </Button>
            </Group>
          </form>
        </Popover.Dropdown>
      </Popover>
    </Group>
  );
}

export type TrainPlace = "first" | "middle" | "last" | "alone";

/**
 * Where each row stands in its noble train among the rows as listed: a train's commands next to each
 * other are joined (first, middle, last); one whose neighbours belong elsewhere stands alone. Rows
 * outside a train are not in the map.
 */
export function trainPlaces(rows: readonly Pick<Incoming, "id" | "trainId">[]): Map<number, TrainPlace> {
  const places = new Map<number, TrainPlace>();
  rows.forEach((row, i) => {
    if (row.trainId === null) return;
    const joinsPrevious = rows[i - 1]?.trainId === row.trainId;
    const joinsNext = rows[i + 1]?.trainId === row.trainId;
    places.set(row.id, joinsPrevious && joinsNext ? "middle" : joinsPrevious ? "last" : joinsNext ? "first" : "alone");
  });
  return places;
}
