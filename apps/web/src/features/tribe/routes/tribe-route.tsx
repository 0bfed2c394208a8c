// Stamm (/tribe, and /tribe/join/:code with the code filled in): the caller's tribe on their current
// world, or, in none there, "Stamm gründen" and "Stamm beitreten". Their tribes on other worlds are
// linked; admins also see every tribe. A tribe that drops out of the caller's list or answers 404 (they
// were just removed, it was dissolved) gives way to the start with a notice.
import type { TribeDetail } from "@dsbot/protocol";
import { Alert, Stack } from "@mantine/core";
import { IconInfoCircle } from "@tabler/icons-react";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { useNavigate, useParams } from "react-router";
import { RoutePageHeader } from "@/components/ui/route-page-header";
import { ErrorState } from "@/components/ui/states";
import { paths } from "@/config/paths";
import { ApiError } from "@/lib/api";
import { errorMessage } from "@/lib/api-error-message";
import { useSession } from "@/lib/session";
import { useTribeRealtime } from "../api/tribe-realtime";
import { sameWorld, tribeKeys, tribeQueryOptions, tribesQueryOptions } from "../api/tribes-api";
import { AllTribesCard, OtherWorldTribes } from "../components/tribe-lists";
import { TribeStart } from "../components/tribe-start";
import { TribeView, TribeViewSkeleton } from "../components/tribe-view";
import { tribeTexts as texts } from "../texts";

interface CurrentTribeProps {
  id: number;
  onGone: () => void;
  onLeft: () => void;
}

function CurrentTribe({ id, onGone, onLeft }: CurrentTribeProps) {
  const query = useQuery(tribeQueryOptions(id));
  const gone = query.error instanceof ApiError && query.error.status === 404;
  useEffect(() => {
    if (gone) onGone();
  }, [gone, onGone]);
  if (gone || query.isPending) return <TribeViewSkeleton />;
  if (query.isError) return <ErrorState message={errorMessage(query.error)} onRetry={() => void query.refetch()} />;
  return <TribeView tribe={query.data.tribe} onLeft={onLeft} />;
}

export function TribeRoute() {
  useTribeRealtime();
  const { code } = useParams();
  const user = useSession((state) => state.user);
  const navigate = useNavigate();
  const client = useQueryClient();
  const list = useQuery(tribesQueryOptions("mine"));
  // The tribe that answered 404 here: out of the picture until the list knows better.
  const [goneId, setGoneId] = useState<number | null>(null);

  // The tribe last shown here: once it is no longer the caller's (and they did not leave it), they hear why.
  const [shownId, setShownId] = useState<number | null>(null);

  const tribes = (list.data?.tribes ?? []).filter((t) => t.id !== goneId);
  const current = tribes.find((t) => sameWorld(t.world, user?.world));
  const others = tribes.filter((t) => t !== current);
  if (current && current.id !== shownId) setShownId(current.id);
  const removed = !current && shownId !== null && !tribes.some((t) => t.id === shownId);

  const onGone = (id: number) => {
    setGoneId(id);
    void client.invalidateQueries({ queryKey: tribeKeys.lists });
  };
  const onLeft = () => {
    setShownId(null);
    void navigate(paths.tribe, { replace: true });
  };
  const onDone = (tribe: TribeDetail) => {
    setGoneId(null);
    setShownId(null);
    if (!sameWorld(tribe.world, user?.world)) void navigate(paths.tribeDetail(tribe.id));
    else if (code !== undefined) void navigate(paths.tribe, { replace: true });
  };

  return (
    <>
      <RoutePageHeader />
      <Stack gap="lg">
        {list.isPending && <TribeViewSkeleton />}
        {list.isError && <ErrorState message={errorMessage(list.error)} onRetry={() => void list.refetch()} />}
        {list.isSuccess && current && (
          <>
            {code !== undefined && (
              <Alert variant="light" color="blue" icon={<IconInfoCircle size={18} />}>
                {texts.alreadyInTribe}
              </Alert>
            )}
            <CurrentTribe key={current.id} id={current.id} onGone={() => onGone(current.id)} onLeft={onLeft} />
          </>
        )}
        {list.isSuccess && !current && user && (
          <>
            {removed && (
              <Alert variant="light" color="yellow" icon={<IconInfoCircle size={18} />} data-testid="tribe-gone">
                {texts.gone}
              </Alert>
            )}
            <TribeStart world={user.world} code={code} onDone={onDone} />
          </>
        )}
        {list.isSuccess && <OtherWorldTribes tribes={others} />}
        {user?.isAdmin && <AllTribesCard />}
      </Stack>
    </>
  );
}
