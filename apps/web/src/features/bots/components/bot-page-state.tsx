// Loading, 404 and error states shared by the bot detail, config and module pages.
import { Button, Skeleton, Stack } from "@mantine/core";
import { Link } from "react-router";
import { ErrorState, NotFoundState } from "@/components/ui/states";
import { paths } from "@/config/paths";
import { ApiError } from "@/lib/api";
import { errorMessage } from "@/lib/api-error-message";
import { botTexts } from "../texts";

export function isNotFound(error: unknown): boolean {
  return error instanceof ApiError && (error.status === 404 || error.status === 403);
}

export function BotNotFound() {
  return (
    <NotFoundState
      title={botTexts.notFound}
      action={
        <Button component={Link} to={paths.bots} variant="light">
          {botTexts.backToList}
        </Button>
      }
    />
  );
}

export function BotPageState({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  if (isNotFound(error)) return <BotNotFound />;
  return <ErrorState message={errorMessage(error)} onRetry={onRetry} />;
}

export function BotPageSkeleton() {
  return (
    <Stack gap="lg" aria-busy="true">
      <Skeleton height={140} radius={15} />
      <Skeleton height={220} radius={15} />
    </Stack>
  );
}

/** The numeric bot id of the route, or undefined for a malformed one (shown as not found). */
export function parseBotId(raw: string | undefined): number | undefined {
  const id = Number(raw);
  return Number.isInteger(id) && id > 0 ? id : undefined;
}
