// Last line of defence: a render error anywhere in the route tree shows this instead of a blank page.
// A page whose code could not be loaded (offline, or a release replaced the chunks) says so in German
// instead of the browser's English message; reloading fetches the current index and chunks.
import { Button, Center, Stack, Text, Title } from "@mantine/core";
import { IconAlertTriangle } from "@tabler/icons-react";
import { useEffect } from "react";
import { useRouteError } from "react-router";
import { commonTexts } from "@/config/texts";

/** Chromium, Firefox and Safari word a failed dynamic import differently; Vite's CSS preload adds one. */
const chunkLoadMessage = /dynamically imported module|Importing a module script failed|Unable to preload CSS|Failed to fetch/i;

export function isChunkLoadError(error: unknown): boolean {
  return error instanceof Error && chunkLoadMessage.test(error.message);
}

export function RouteError() {
  const error = useRouteError();
  useEffect(() => {
    console.error("[router] unhandled error", error);
  }, [error]);
  const chunkFailed = isChunkLoadError(error);
  return (
    <Center mih="100dvh" p="md">
      <Stack align="center" gap="sm" maw={420} ta="center">
        <IconAlertTriangle size={40} color="var(--mantine-color-red-5)" />
        <Title order={2}>{chunkFailed ? commonTexts.chunkLoadFailed : commonTexts.unexpectedError}</Title>
        <Text c="dimmed" size="sm">
          {chunkFailed ? commonTexts.chunkLoadFailedHint : error instanceof Error ? error.message : null}
        </Text>
        <Button onClick={() => window.location.reload()}>{commonTexts.reload}</Button>
      </Stack>
    </Center>
  );
}
