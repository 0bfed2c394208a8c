// Two card-shaped placeholders while GET /api/downloads is on its way.
import { Card, Grid, Group, Skeleton, Stack } from "@mantine/core";
import { downloadsTexts } from "../texts";

export function DownloadsSkeleton() {
  return (
    <Grid gap="lg" role="status" aria-label={downloadsTexts.loadingLabel} aria-busy>
      {[0, 1].map((index) => (
        <Grid.Col key={index} span={{ base: 12, lg: 6 }}>
          <Card>
            <Stack gap="md">
              <Group gap="sm" wrap="nowrap">
                <Skeleton height={40} width={40} radius="md" />
                <Stack gap={6} style={{ flex: 1 }}>
                  <Skeleton height={18} width="30%" />
                  <Skeleton height={12} width="90%" />
                </Stack>
              </Group>
              <Skeleton height={12} />
              <Skeleton height={12} />
              <Skeleton height={36} />
              <Skeleton height={36} width={160} ml="auto" />
            </Stack>
          </Card>
        </Grid.Col>
      ))}
    </Grid>
  );
}
