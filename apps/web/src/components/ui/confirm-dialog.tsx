// Renders the first pending confirm request as a modal (max width 500px). Loaded on demand
// by ConfirmHost (confirm-host.tsx) with the first request.
import { Button, Group, Modal, Text } from "@mantine/core";
import { commonTexts } from "@/config/texts";
import { useConfirmStore } from "./confirm-store";

export const CONFIRM_MAX_WIDTH = 500;

export function ConfirmDialog() {
  const request = useConfirmStore((state) => state.queue[0]);
  const settle = useConfirmStore((state) => state.settle);

  return (
    <Modal
      opened={Boolean(request)}
      onClose={() => request && settle(request.id, false)}
      title={request?.title}
      size={CONFIRM_MAX_WIDTH}
      zIndex={400}
      closeButtonProps={{ "aria-label": commonTexts.close }}
    >
      {request && (
        <>
          {request.message && (
            <Text size="sm" c="dimmed" mb="lg">
              {request.message}
            </Text>
          )}
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={() => settle(request.id, false)}>
              {request.cancelLabel}
            </Button>
            <Button color={request.danger ? "red" : undefined} onClick={() => settle(request.id, true)} data-autofocus>
              {request.confirmLabel}
            </Button>
          </Group>
        </>
      )}
    </Modal>
  );
}
