// Last line of defence: a render error anywhere in the route tree shows this instead of a blank page.
import { Button, Center, Stack, Text, Title } from "@mantine/core";
import { IconAlertTriangle } from "@tabler/icons-react";
import { useEffect } from "react";
import { useRouteError } from "react-router";
import { commonTexts } from "@/config/texts";

export function RouteError() {
  const error = useRouteError();
  useEffect(() => {
    console.error("[router] unhandled error", error);
  }, [error]);
  return (
    <Center mih="100dvh" p="md">
      <Stack align="center" gap="sm" maw={420} ta="center">
        <IconAlertTriangle size={40} color="var(--mantine-color-red-5)" />
        <Title order={2}>{commonTexts.unexpectedError}</Title>
        <Text c="dimmed" size="sm">
          {error instanceof Error ? error.message : null}
        </Text>
        <Button onClick={() => window.location.reload()}>{commonTexts.reload}</Button>
      </Stack>
    </Center>
  );
}
