// What the page says about the world data: a failed load (with retry) or a world without data.
import { Alert, Button } from "@mantine/core";
import { IconAlertTriangle, IconWorldOff } from "@tabler/icons-react";
import { commonTexts } from "@/config/texts";
import { coordsFilterTexts as texts } from "../texts";

export function WorldLoadError({ message, onRetry }: { message: string; onRetry: () => void }) {
  return (
    <Alert color="red" variant="light" icon={<IconAlertTriangle size={18} />} title={texts.world.loadFailed}>
      {message}
      <div>
        <Button variant="light" color="red" size="xs" mt="sm" onClick={onRetry}>
          {commonTexts.retry}
        </Button>
      </div>
    </Alert>
  );
}

export function WorldNoData({ world }: { world: string | undefined }) {
  return (
    <Alert color="yellow" variant="light" icon={<IconWorldOff size={18} />}>
      {world ? texts.world.noData(world) : texts.world.noDataUnknown}
    </Alert>
  );
}
