// Renders the first pending confirm request as a modal (max width 500px). Loaded on demand
// by ConfirmHost (confirm-host.tsx) with the first request.
import { Button, Group, Modal, Text } from "@mantine/core";
import { useState } from "react";
import { commonTexts } from "@/config/texts";
import { useConfirmStore, type ConfirmRequest } from "./confirm-store";

export const CONFIRM_MAX_WIDTH = 500;

export function ConfirmDialog() {
  const request = useConfirmStore((state) => state.queue[0]);
  const settle = useConfirmStore((state) => state.settle);
  // The request last shown stays on screen while the modal animates out, so the dialog keeps its
  // title and text until it is gone instead of shrinking away empty (its buttons do nothing then:
  // settle ignores a settled request).
  const [shown, setShown] = useState<ConfirmRequest | undefined>(request);
  if (request && request !== shown) setShown(request);
  const current = request ?? shown;

  return (
    <Modal
      opened={Boolean(request)}
      onClose={() => request && settle(request.id, false)}
      title={current?.title}
      size={CONFIRM_MAX_WIDTH}
      zIndex={400}
      closeButtonProps={{ "aria-label": commonTexts.close }}
    >
      {current && (
        <>
          {current.message && (
            <Text size="sm" c="dimmed" mb="lg">
              {current.message}
            </Text>
          )}
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={() => settle(current.id, false)}>
              {current.cancelLabel}
            </Button>
            <Button color={current.danger ? "red" : undefined} onClick={() => settle(current.id, true)} data-autofocus>
              {current.confirmLabel}
            </Button>
          </Group>
        </>
      )}
    </Modal>
  );
}
