// One tribe by its id (/tribe/:id): a member's tribe on another world, or any tribe for an admin (from
// "Alle Stämme"). Not found (no member, dissolved, a bad id) leads back to /tribe.
import { useQuery } from "@tanstack/react-query";
import { useNavigate, useParams } from "react-router";
import { detailRouteState } from "@/components/ui/detail-route-state";
import { RoutePageHeader } from "@/components/ui/route-page-header";
import { paths } from "@/config/paths";
import { useTribeRealtime } from "../api/tribe-realtime";
import { tribeQueryOptions } from "../api/tribes-api";
import { TribeView } from "../components/tribe-view";
import { tribeTexts as texts } from "../texts";

function parseId(value: string | undefined): number | null {
  const id = Number(value);
  return Number.isInteger(id) && id > 0 ? id : null;
}

export function TribeDetailRoute() {
  useTribeRealtime();
  const id = parseId(useParams().id);
  const navigate = useNavigate();
  const query = useQuery({ ...tribeQueryOptions(id ?? 0), enabled: id !== null });
  const state = detailRouteState({
    valid: id !== null,
    query,
    notFound: { title: texts.notFoundTitle, description: texts.notFoundHint, backTo: paths.tribe, backLabel: texts.backToTribe },
    skeletons: [110, 260, 180],
  });
  if (state || !query.data) return state;
  return (
    <>
      <RoutePageHeader />
      <TribeView key={query.data.tribe.id} tribe={query.data.tribe} onLeft={() => void navigate(paths.tribe, { replace: true })} />
    </>
  );
}
