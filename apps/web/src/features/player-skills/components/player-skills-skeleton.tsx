// Card-shaped placeholders while GET /api/ds-player-skills is on its way.
import { Card, Group, SimpleGrid, Skeleton, Stack } from "@mantine/core";
import { playerSkillsTexts as texts } from "../texts";
import { PlayerCardGrid } from "./player-card-grid";

export function PlayerSkillsSkeleton() {
  return (
    <Stack gap="lg" role="status" aria-label={texts.loadingLabel} aria-busy>
      <Card>
        <Stack gap="md">
          <Skeleton height={18} width={180} />
          <Skeleton height={36} />
        </Stack>
      </Card>
      <PlayerCardGrid>
        {[0, 1].map((index) => (
          <Card key={index}>
            <Stack gap="md">
              <Group justify="space-between">
                <Skeleton height={20} width="40%" />
                <Skeleton height={18} width={48} radius="xl" />
              </Group>
              <Skeleton height={12} width="60%" />
              <SimpleGrid type="container" cols={{ base: 1, "340px": 2, "620px": 3 }} spacing="md">
                {[0, 1, 2, 3, 4, 5].map((field) => (
                  <Stack key={field} gap={6}>
                    <Skeleton height={12} width="50%" />
                    <Skeleton height={36} />
                  </Stack>
                ))}
              </SimpleGrid>
              <Skeleton height={36} width={220} ml="auto" />
            </Stack>
          </Card>
        ))}
      </PlayerCardGrid>
    </Stack>
  );
}
