// Dashboard (/dashboard): cards for bots by status, the next attacks to send (live countdown),
// incomings, unread notifications, open tab requests and the troops' Off/Def population, each linking to
// its page and live without reload. A user without bots gets the first steps instead of the bot cards.
import { Anchor, Card, SimpleGrid, Skeleton, Stepper, Text } from "@mantine/core";
import { useQuery } from "@tanstack/react-query";
import { Link } from "react-router";
import { RoutePageHeader } from "@/components/ui/route-page-header";
import { ErrorState } from "@/components/ui/states";
import { paths } from "@/config/paths";
import { errorMessage } from "@/lib/api-error-message";
import { useNow } from "@/lib/clock";
import { useServerTimeZone } from "@/lib/server-time-zone";
import { useSession } from "@/lib/session";
import { dashboardQueryOptions, useDashboardRealtime } from "../api/dashboard-api";
import { BotsCard, IncomingsCard, NextAttacksCard, NotificationsCard, TabRequestsCard, TroopsCard } from "../components/dashboard-cards";
import { dashboardTexts as texts } from "../texts";

const stepLinks = [paths.bots, `${paths.downloads}?script=dsbot`, paths.dsbotAuth, `${paths.downloads}?script=dsbot`];

function FirstSteps() {
  return (
    <Card padding="lg" radius="lg" withBorder component="section" aria-label={texts.firstStepsTitle} mb="md">
      <Text fw={700} size="lg">
        {texts.firstStepsTitle}
      </Text>
      <Text size="sm" c="dimmed" mb="md">
        {texts.firstStepsIntro}
      </Text>
      <Stepper active={0} orientation="vertical" size="sm" allowNextStepsSelect={false}>
        {texts.steps.map((step, i) => (
          <Stepper.Step
            key={step.title}
            label={
              <Anchor component={Link} to={stepLinks[i] ?? paths.bots} fw={600}>
                {step.title}
              </Anchor>
            }
            description={step.description}
          />
        ))}
      </Stepper>
    </Card>
  );
}

export function DashboardRoute() {
  useDashboardRealtime();
  const username = useSession((state) => state.user?.username);
  const now = useNow();
  const zone = useServerTimeZone();
  const query = useQuery(dashboardQueryOptions());
  const data = query.data;
  // The dashboard's answer says whether this is the first sign-in; no greeting until it is there (a failed answer greets as returning).
  const greeting = !username || query.isPending ? undefined : data?.firstSession ? texts.welcomeFirst(username) : texts.welcome(username);
  return (
    <>
      <RoutePageHeader hideBack subtitle={greeting} />
      {query.isPending && (
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} aria-busy="true">
          {[0, 1, 2, 3, 4, 5].map((i) => (
            <Skeleton key={i} height={150} radius="lg" />
          ))}
        </SimpleGrid>
      )}
      {query.isError && !data && <ErrorState message={errorMessage(query.error)} onRetry={() => void query.refetch()} />}
      {data && (
        <>
          {data.bots.total === 0 && <FirstSteps />}
          <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }}>
            {data.bots.total > 0 && <BotsCard bots={data.bots} />}
            <NextAttacksCard attacks={data.nextAttacks} now={now} zone={zone} />
            <IncomingsCard incomings={data.incomings} now={now} />
            <TroopsCard troops={data.troops} />
            <TabRequestsCard open={data.openTabRequests} />
            <NotificationsCard unread={data.unreadNotifications} />
          </SimpleGrid>
        </>
      )}
    </>
  );
}
