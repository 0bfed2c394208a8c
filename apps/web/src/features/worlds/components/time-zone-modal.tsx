// "Zeitzone ändern" (admin, Welten): the server time zone of a world when its market's is wrong for it.
// Every game time of the world (plans, night bonus, exports) is shown and read in it. An IANA name,
// checked by the same schema as PATCH /api/worlds/{id}; "Markt-Zeitzone" goes back to the market's.
import { timeZoneSchema, worldLabel, type WorldSummary } from "@dsbot/protocol";
import { Autocomplete, Button, Group, Modal, Stack, Text } from "@mantine/core";
import { useQueryClient } from "@tanstack/react-query";
import { useMemo, useState } from "react";
import { commonTexts } from "@/config/texts";
import { refreshCurrentUser } from "@/features/auth";
import { alert } from "@/lib/alerts";
import { ApiError } from "@/lib/api";
import { alertError } from "@/lib/api-error-message";
import { useUpdateWorld } from "../api/worlds-api";
import { worldTexts } from "../texts";

/** The zones the browser knows (every current IANA name), for the suggestions. */
function knownZones(): string[] {
  const intl = Intl as typeof Intl & { supportedValuesOf?: (key: "timeZone") => string[] };
  return intl.supportedValuesOf?.("timeZone") ?? [];
}

export function TimeZoneModal({ world, onClose }: { world: WorldSummary | null; onClose: () => void }) {
  const update = useUpdateWorld();
  const client = useQueryClient();
  const [value, setValue] = useState(world?.timeZone ?? "");
  const [error, setError] = useState<string | null>(null);
  const zones = useMemo(knownZones, []);

  const save = async (timeZone: string | null) => {
    if (!world) return;
    if (timeZone !== null) {
      const parsed = timeZoneSchema.safeParse(timeZone);
      if (!parsed.success) {
        setError(parsed.error.issues[0]?.message ?? worldTexts.timeZoneInvalid);
        return;
      }
      timeZone = parsed.data;
    }
    try {
      const { world: saved } = await update.mutateAsync({ id: world.id, timeZone });
      alert.success(worldTexts.timeZoneSaved(worldLabel(saved), saved.timeZone));
      // Plans and the signed-in user carry the zone of their world: read them again.
      await Promise.all([client.invalidateQueries({ queryKey: ["attack-plans"] }), refreshCurrentUser().catch(() => undefined)]);
      onClose();
    } catch (caught) {
      if (caught instanceof ApiError && caught.status === 400) setError(caught.issues[0]?.message ?? caught.message);
      else alertError(caught);
    }
  };

  return (
    <Modal
      opened={world !== null}
      onClose={onClose}
      title={world ? worldTexts.timeZoneTitle(worldLabel(world)) : ""}
      size={520}
      closeButtonProps={{ "aria-label": commonTexts.close }}
    >
      {world && (
        <form
          onSubmit={(event) => {
            event.preventDefault();
            void save(value);
          }}
          noValidate
        >
          <Stack gap="md">
            <Text size="sm" c="dimmed">
              {worldTexts.timeZoneHint(world.server, world.timeZoneDefault)}
            </Text>
            <Autocomplete
              label={worldTexts.timeZone}
              placeholder="Europe/Berlin"
              data={zones}
              limit={50}
              value={value}
              onChange={(next) => {
                setValue(next);
                setError(null);
              }}
              error={error}
            />
            <Group justify="space-between" gap="sm">
              <Button variant="subtle" disabled={world.timeZone === world.timeZoneDefault} loading={update.isPending && update.variables?.timeZone === null} onClick={() => void save(null)}>
                {worldTexts.timeZoneReset}
              </Button>
              <Group gap="sm">
                <Button variant="default" onClick={onClose}>
                  {worldTexts.cancel}
                </Button>
                <Button type="submit" loading={update.isPending && update.variables?.timeZone !== null}>
                  {worldTexts.timeZoneSave}
                </Button>
              </Group>
            </Group>
          </Stack>
        </form>
      )}
    </Modal>
  );
}
