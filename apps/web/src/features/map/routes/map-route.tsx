// Karte (/map): the villages of the user's world on a canvas, with loading, empty and error states.
import { Button, Center, Group, Loader, Stack, Text } from "@mantine/core";
import { IconMapOff } from "@tabler/icons-react";
import { Link } from "react-router";
import { RoutePageHeader } from "@/components/ui/route-page-header";
import { ErrorState, StateMessage } from "@/components/ui/states";
import { paths } from "@/config/paths";
import { useSession } from "@/lib/session";
import { useWorldData } from "@/lib/world-data";
import { WorldMap } from "../components/world-map";
import { mapTexts } from "../texts";

function MapEmpty() {
  const isAdmin = useSession((s) => s.user?.role === "admin");
  return (
    <StateMessage
      icon={<IconMapOff size={26} />}
      title={mapTexts.emptyTitle}
      description={mapTexts.emptyDescription}
      action={
        <Group gap="xs" justify="center">
          {isAdmin && (
            <Button component={Link} to={paths.worlds} variant="light">
              {mapTexts.toWorlds}
            </Button>
          )}
          <Button component={Link} to={paths.profile} variant="default">
            {mapTexts.toProfile}
          </Button>
        </Group>
      }
    />
  );
}

export function MapRoute() {
  const world = useWorldData();
  return (
    <>
      <RoutePageHeader />
      {world.isPending ? (
        <Center mih={320} role="status" aria-label={mapTexts.loading}>
          <Stack align="center" gap="xs">
            <Loader type="dots" />
            <Text size="sm" c="dimmed">
              {mapTexts.loading}
            </Text>
          </Stack>
        </Center>
      ) : world.isError ? (
        <ErrorState message={world.error.message || mapTexts.loadFailed} onRetry={() => void world.refetch()} />
      ) : world.data ? (
        <WorldMap data={world.data} />
      ) : (
        <MapEmpty />
      )}
    </>
  );
}
