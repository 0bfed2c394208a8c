// Dsbot Auth (/dsbot-auth): approve a runner's pairing code and manage paired runners.
import { Grid } from "@mantine/core";
import { RoutePageHeader } from "@/components/ui/route-page-header";
import { PairCard } from "../components/pair-card";
import { RunnersCard } from "../components/runners-card";

export function DsbotAuthRoute() {
  return (
    <>
      <RoutePageHeader />
      <Grid gap="lg">
        <Grid.Col span={{ base: 12, lg: 5 }}>
          <PairCard />
        </Grid.Col>
        <Grid.Col span={{ base: 12, lg: 7 }}>
          <RunnersCard />
        </Grid.Col>
      </Grid>
    </>
  );
}
