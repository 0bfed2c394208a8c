// Bulk actions on the selected attacks: change the status, delete (confirmed); and, independent of the
// selection, "Gesendete/abgelaufene löschen" (confirmed).
import { attackStatuses, attackStatusLabels, type AttackBulk, type AttackStatus } from "@dsbot/protocol";
import { Button, Group, Select, Text } from "@mantine/core";
import { IconTrash, IconTrashX, IconX } from "@tabler/icons-react";
import { useState } from "react";
import { confirm } from "@/components/ui/confirm-store";
import { alert } from "@/lib/alerts";
import { alertError } from "@/lib/api-error-message";
import { useBulkAttacks } from "../api/attacks-api";
import { attackPlanTexts as texts } from "../texts";
import classes from "./attack-plans.module.css";

const statusOptions = attackStatuses.map((status) => ({ value: status, label: attackStatusLabels[status] }));

interface AttackBulkBarProps {
  planId: number;
  selected: number[];
  onClear: () => void;
}

export function AttackBulkBar({ planId, selected, onClear }: AttackBulkBarProps) {
  const bulk = useBulkAttacks(planId);
  const [status, setStatus] = useState<AttackStatus | null>(null);
  const count = selected.length;

  const run = async (body: AttackBulk, done: (n: number) => string) => {
    try {
      const { affected } = await bulk.mutateAsync(body);
      alert.success(done(affected));
      if (body.action !== "deleteFinished") onClear();
    } catch (error) {
      alertError(error);
    }
  };

  const ask = (message: string) =>
    confirm({ title: texts.deleteAttackTitle, message, confirmLabel: texts.bulkDelete, cancelLabel: texts.cancel, danger: true });

  const changeStatus = () => {
    if (status) void run({ action: "status", selection: { ids: selected }, status }, texts.bulkDone);
  };
  const deleteSelected = async () => {
    if (await ask(texts.bulkDeleteMessage(count))) await run({ action: "delete", selection: { ids: selected } }, texts.bulkDeleted);
  };
  const deleteFinished = async () => {
    if (await ask(texts.deleteFinishedMessage)) await run({ action: "deleteFinished" }, texts.bulkDeleted);
  };

  return (
    <Group className={classes.bulkBar} gap="sm" wrap="wrap" justify="space-between" data-testid="attack-bulk-bar">
      <Group gap="sm" wrap="wrap">
        {count > 0 ? (
          <>
            <Text size="sm" fw={600}>
              {texts.selected(count)}
            </Text>
            <Button size="xs" variant="subtle" color="gray" leftSection={<IconX size={14} />} onClick={onClear}>
              {texts.clearSelection}
            </Button>
            <Select
              size="xs"
              w={170}
              aria-label={texts.bulkStatusLabel}
              placeholder={texts.bulkStatusLabel}
              data={statusOptions}
              value={status}
              onChange={(value) => setStatus(value as AttackStatus | null)}
            />
            <Button size="xs" variant="light" disabled={!status} loading={bulk.isPending} onClick={changeStatus}>
              {texts.bulkStatus}
            </Button>
            <Button size="xs" variant="light" color="red" leftSection={<IconTrash size={14} />} onClick={() => void deleteSelected()}>
              {texts.bulkDelete}
            </Button>
          </>
        ) : null}
      </Group>
      <Button size="xs" variant="subtle" color="red" leftSection={<IconTrashX size={14} />} onClick={() => void deleteFinished()}>
        {texts.deleteFinished}
      </Button>
    </Group>
  );
}
