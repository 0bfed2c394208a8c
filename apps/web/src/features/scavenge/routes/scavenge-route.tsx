// Raubzug (/scavenge): how to split each village's units over the four scavenging options, from the
// troops the user may see (the bots' inventory scans and pasted troops overviews, as on Truppen; a paste
// works without a bot) and the options the bots' Raubzug modules last found free, out or locked. Per
// village the optimiser's squads with their return times (server time), the haul per run, hour and day;
// the sums over all villages; settings and per-village overrides kept in the browser. A world without
// Raubzug says so and offers nothing.
import { Button, Center, Loader } from "@mantine/core";
import { IconClipboardText, IconShovel, IconUsersGroup } from "@tabler/icons-react";
import { useState } from "react";
import { RoutePageHeader } from "@/components/ui/route-page-header";
import { ErrorState, StateMessage } from "@/components/ui/states";
import { commonTexts } from "@/config/texts";
import { errorMessage } from "@/lib/api-error-message";
import { TroopsPasteModal, useTroopsRealtime } from "@/features/troops";
import { useScavengeStates, useScavengeVillages, useScavengeWorld } from "../api/scavenge-api";
import { ScavengeBoard } from "../components/scavenge-board";
import { scavengeTexts as texts } from "../texts";

export function ScavengeRoute() {
  useTroopsRealtime();
  const world = useScavengeWorld();
  const villages = useScavengeVillages();
  const games = useScavengeStates();
  const [importing, setImporting] = useState(false);
  const info = world.info;

  if (info && !info.scavenging) {
    return (
      <>
        <RoutePageHeader />
        <StateMessage icon={<IconShovel size={26} />} title={texts.noScavenging} description={texts.noScavengingHint} />
      </>
    );
  }

  const pasteButton = (
    <Button leftSection={<IconClipboardText size={18} />} onClick={() => setImporting(true)}>
      {texts.importOverview}
    </Button>
  );
  const failed = world.query.isError ? world.query : villages.isError ? villages : games.isError ? games : null;
  let body;
  if (failed) {
    body = <ErrorState message={errorMessage(failed.error)} onRetry={() => void failed.refetch()} />;
  } else if (!info || !villages.data || !games.data) {
    body = (
      <Center py="xl" role="status" aria-label={commonTexts.loading}>
        <Loader type="dots" />
      </Center>
    );
  } else if (villages.data.length === 0) {
    body = <StateMessage icon={<IconUsersGroup size={26} />} title={texts.emptyTitle} description={texts.emptyHint} action={pasteButton} />;
  } else {
    body = <ScavengeBoard rows={villages.data} games={games.data} info={info} query={villages} />;
  }

  return (
    <>
      <RoutePageHeader actions={pasteButton} />
      {body}
      <TroopsPasteModal opened={importing} onClose={() => setImporting(false)} />
    </>
  );
}
