// "Verteidigung planen": a Koordinator or the Anführer answers an open request. The dialog asks the
// server for a preview at once (what is missing, the supports from the members' shared troops that land
// in time, the villages left out because they are under attack themselves, each to be ticked to send
// anyway, which asks again) and "Plan speichern" writes them to the members' plans, where their running
// bots send them or they become the members' tab requests. The server's German refusals show in place
// (nothing missing any more, too late, the request closed).
import type { TribeDefenceResponse, TribeSupportRequest } from "@dsbot/protocol";
import { formatServerTime, remainingNeed, requestedMeasure } from "@dsbot/protocol";
import { Alert, Button, Checkbox, Group, Loader, Modal, Stack, Text } from "@mantine/core";
import { IconAlertTriangle } from "@tabler/icons-react";
import { useEffect, useState } from "react";
import { alert } from "@/lib/alerts";
import { alertError, errorMessage } from "@/lib/api-error-message";
import { useNow } from "@/lib/clock";
import { usePlanDefence } from "../api/tribe-requests-api";
import { tribeDefenceTexts as texts } from "../texts";
import { measureText, SupportTable } from "./request-progress";

interface DefencePlanModalProps {
  tribeId: number;
  /** The request to plan for; null: closed. */
  request: TribeSupportRequest | null;
  zone: string;
  onClose: () => void;
}

type UnderAttack = TribeDefenceResponse["underAttack"][number];

export function DefencePlanModal({ tribeId, request, zone, onClose }: DefencePlanModalProps) {
  return (
    <Modal opened={request !== null} onClose={onClose} title={texts.title} size="xl">
      {request && <PlanBody key={request.id} tribeId={tribeId} request={request} zone={zone} onClose={onClose} />}
    </Modal>
  );
}

function PlanBody({ tribeId, request, zone, onClose }: { tribeId: number; request: TribeSupportRequest; zone: string; onClose: () => void }) {
  const now = useNow();
  const preview = usePlanDefence(tribeId, request.id);
  const save = usePlanDefence(tribeId, request.id);
  const [included, setIncluded] = useState<number[]>([]);
  // Every village under attack seen so far: a ticked one leaves the server's list but stays here.
  const [attacked, setAttacked] = useState<UnderAttack[]>([]);
  const { mutate } = preview;

  useEffect(() => {
    mutate(
      { save: false, includeVillageIds: included },
      { onSuccess: (answer) => setAttacked((seen) => [...seen, ...answer.underAttack.filter((v) => !seen.some((s) => s.id === v.id))]) },
    );
  }, [mutate, included]);

  const missingNeed = remainingNeed(request.need, request.neededBy, request.supports, now);
  const missing = missingNeed ? requestedMeasure(missingNeed) : 0;
  const result = preview.data;

  const onSave = async () => {
    try {
      const answer = await save.mutateAsync({ save: true, includeVillageIds: included });
      alert.success(texts.saved(answer.supports.length));
      onClose();
    } catch (failure) {
      alertError(failure);
    }
  };

  return (
    <Stack gap="sm">
      <Text size="sm">
        {texts.intro(measureText(request.need, missing), formatServerTime(request.neededBy, zone).slice(0, -4))}
      </Text>
      {preview.isError && (
        <Alert variant="light" color="red" icon={<IconAlertTriangle size={16} />} role="alert">
          {errorMessage(preview.error)}
        </Alert>
      )}
      {preview.isPending && !result && (
        <Group gap="xs">
          <Loader size="xs" />
          <Text size="sm" c="dimmed">
            {texts.planning}
          </Text>
        </Group>
      )}
      {result && !preview.isError && (
        <Stack gap="xs" data-testid="defence-preview" aria-busy={preview.isPending}>
          {result.supports.length === 0 ? (
            <Text size="sm" c="orange.4">
              {texts.none}
            </Text>
          ) : (
            <>
              <Text size="sm" fw={600} data-covered={result.covered}>
                {texts.covers(measureText(request.need, result.covered), measureText(request.need, result.missing))}
              </Text>
              <SupportTable supports={result.supports} neededBy={() => request.neededBy} now={now} zone={zone} label={texts.supportsLabel(request.village.coordinates)} preview />
            </>
          )}
        </Stack>
      )}
      {attacked.length > 0 && (
        <Checkbox.Group
          label={texts.underAttackTitle}
          description={texts.underAttackHint}
          value={included.map(String)}
          onChange={(values) => setIncluded(values.map(Number))}
        >
          <Stack gap={4} mt={4}>
            {attacked.map((village) => (
              <Checkbox key={village.id} value={String(village.id)} label={`${village.name} (${village.coordinates}) · ${village.member}`} />
            ))}
          </Stack>
        </Checkbox.Group>
      )}
      <Group justify="flex-end" gap="sm" mt="xs">
        <Button variant="default" onClick={onClose}>
          {texts.cancel}
        </Button>
        <Button onClick={() => void onSave()} loading={save.isPending} disabled={!result || result.supports.length === 0 || preview.isPending || preview.isError}>
          {texts.save}
        </Button>
      </Group>
    </Stack>
  );
}
