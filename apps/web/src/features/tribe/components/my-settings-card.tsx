// "Meine Einstellungen": what the caller shares with the tribe (troops: none, defensive, all) and their
// player name in the game (PATCH /api/tribes/:id/me), and "Stamm verlassen". The Anführer may not leave
// before handing over: the server says so, and its text is shown.
import type { TribeDetail, TribeMember, TroopSharing } from "@dsbot/protocol";
import { troopSharingLabels, troopSharings, tribeMeUpdateSchema } from "@dsbot/protocol";
import { Button, Group, Select, Stack, TextInput } from "@mantine/core";
import { IconDoorExit } from "@tabler/icons-react";
import { useState } from "react";
import { confirm } from "@/components/ui/confirm-store";
import { SectionCard } from "@/components/ui/section-card";
import { alert } from "@/lib/alerts";
import { ApiError } from "@/lib/api";
import { alertError } from "@/lib/api-error-message";
import { useLeaveTribe, useUpdateMe } from "../api/tribes-api";
import { tribeTexts as texts } from "../texts";

const sharingOptions = troopSharings.map((value) => ({ value, label: troopSharingLabels[value] }));

interface MySettingsCardProps {
  tribe: TribeDetail;
  me: TribeMember;
  /** After leaving. */
  onLeft: () => void;
}

export function MySettingsCard({ tribe, me, onLeft }: MySettingsCardProps) {
  const updateMe = useUpdateMe(tribe.id);
  const leave = useLeaveTribe(tribe.id);
  const [troopSharing, setTroopSharing] = useState<TroopSharing>(me.troopSharing);
  const [playerName, setPlayerName] = useState(me.playerName ?? "");
  const [nameError, setNameError] = useState<string | null>(null);
  const dirty = troopSharing !== me.troopSharing || playerName.trim() !== (me.playerName ?? "");

  const save = async () => {
    const parsed = tribeMeUpdateSchema.safeParse({ troopSharing, playerName: playerName.trim() === "" ? null : playerName });
    if (!parsed.success) {
      setNameError(parsed.error.issues[0]?.message ?? null);
      return;
    }
    try {
      const { tribe: saved } = await updateMe.mutateAsync(parsed.data);
      const mine = saved.members.find((m) => m.userId === me.userId);
      if (mine) {
        setTroopSharing(mine.troopSharing);
        setPlayerName(mine.playerName ?? "");
      }
      alert.success(texts.mySettingsSaved);
    } catch (error) {
      const issue = error instanceof ApiError ? error.issues.find((i) => i.path === "playerName") : undefined;
      if (issue) setNameError(issue.message);
      else alertError(error);
    }
  };

  const leaveTribe = async () => {
    const confirmed = await confirm({ title: texts.leaveTitle, message: texts.leaveMessage(tribe.name), confirmLabel: texts.leave, danger: true });
    if (!confirmed) return;
    try {
      await leave.mutateAsync();
      alert.success(texts.left(tribe.name));
      onLeft();
    } catch (error) {
      alertError(error);
    }
  };

  return (
    <SectionCard title={texts.mySettings} description={texts.mySettingsHint}>
      <form
        noValidate
        aria-label={texts.mySettings}
        onSubmit={(event) => {
          event.preventDefault();
          void save();
        }}
      >
        <Stack gap="md">
          <Select
            label={texts.troopSharing}
            data={sharingOptions}
            value={troopSharing}
            allowDeselect={false}
            onChange={(value) => value && setTroopSharing(value as TroopSharing)}
            maw={320}
          />
          <TextInput
            label={texts.playerName}
            description={texts.playerNameHint}
            value={playerName}
            onChange={(event) => {
              setPlayerName(event.currentTarget.value);
              setNameError(null);
            }}
            error={nameError}
            autoComplete="off"
            inputWrapperOrder={["label", "input", "description", "error"]}
          />
          <Group justify="space-between" gap="sm" wrap="wrap">
            <Button variant="light" color="red" leftSection={<IconDoorExit size={16} />} loading={leave.isPending} onClick={() => void leaveTribe()}>
              {texts.leave}
            </Button>
            <Button type="submit" loading={updateMe.isPending} disabled={!dirty}>
              {texts.save}
            </Button>
          </Group>
        </Stack>
      </form>
    </SectionCard>
  );
}
