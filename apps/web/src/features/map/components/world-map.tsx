// The loaded map: canvas (through MapController), toolbar, legend, tooltip and side panel, wired to
// the world data, the user's bots (own villages), the chosen attack plan's lines and the choices kept
// in the browser.
import { useElementSize, useMediaQuery } from "@mantine/hooks";
import { formatCoord } from "@dsbot/protocol";
import { useCallback, useEffect, useMemo, useRef, useState } from "react";
import { useSession } from "@/lib/session";
import type { WorldData } from "@/lib/world-data";
import { useOwnPlayerIds } from "../api/own-players";
import { usePlanLines, usePlanLinesRealtime, useWorldPlans } from "../api/plan-lines";
import type { MapMark, MarkKind } from "../lib/classify";
import { countByColor, nextMarkColor } from "../lib/classify";
import { resolveJump, villagesRect } from "../lib/jump";
import { MapController } from "../lib/map-controller";
import { useMapLayers } from "../lib/map-scene";
import { installTestHook } from "../lib/test-hook";
import type { MapView, Point, ViewSize } from "../lib/view";
import { DEFAULT_SCALE } from "../lib/view";
import { gameLinks, nearestOwnVillage, villageInfo } from "../lib/village-info";
import { useMapStore, useWorldMarks, useWorldPlan, worldKey } from "../stores/map-store";
import { mapTexts } from "../texts";
import { MapLegend } from "./map-legend";
import { MapToolbar } from "./map-toolbar";
import { MapTooltip } from "./map-tooltip";
import classes from "./map.module.css";
import { VillagePanel } from "./village-panel";

/** Phones: the side panel becomes a bottom drawer (the app shell's breakpoint)… */
const MOBILE_QUERY = "(max-width: 49.99em)";
/** …and so it does when the map itself is narrower than this (a tablet with the sidebar open). */
const PANEL_MIN_FRAME_WIDTH = 640;
const SAVE_VIEW_MS = 400;
/** Jumping to a coordinate zooms in at least this far. */
const JUMP_SCALE = 12;

interface Hover {
  index: number;
  anchor: Point;
  size: ViewSize;
}

/** Where a world without a stored view opens: the middle of its villages. */
function centreOfVillages(data: WorldData): MapView {
  const { count, x, y } = data.villages;
  let sx = 0;
  let sy = 0;
  for (let i = 0; i < count; i++) {
    sx += x[i]!;
    sy += y[i]!;
  }
  return count ? { cx: sx / count, cy: sy / count, scale: DEFAULT_SCALE } : { cx: 500, cy: 500, scale: DEFAULT_SCALE };
}

export function WorldMap({ data }: { data: WorldData }) {
  const userWorld = useSession((s) => s.user?.world) ?? data.world;
  const key = worldKey(data.world);
  const marks = useWorldMarks(key);
  const ownIds = useOwnPlayerIds(data);
  const layers = useMapLayers(data, ownIds, marks);
  const counts = useMemo(() => countByColor(layers.colors, layers.palette.length), [layers.colors, layers.palette]);
  const chosenPlanId = useWorldPlan(key);
  const worldPlans = useWorldPlans(data.world);
  const plan = worldPlans.plans.find((p) => p.id === chosenPlanId) ?? null;
  // Before the list is there the stored choice is fetched at once; a plan gone from the list is hidden.
  const planId = worldPlans.loaded ? (plan?.id ?? null) : chosenPlanId;
  const planLines = usePlanLines(planId);
  usePlanLinesRealtime();
  const mobile = useMediaQuery(MOBILE_QUERY, false, { getInitialValueInEffect: false }) ?? false;
  const legendChoice = useMapStore((s) => s.legendOpen);
  const legendOpen = legendChoice ?? !mobile;
  const frame = useElementSize();
  const compact = mobile || (frame.width > 0 && frame.width < PANEL_MIN_FRAME_WIDTH);

  const canvasRef = useRef<HTMLCanvasElement>(null);
  const controllerRef = useRef<MapController | null>(null);
  const [hover, setHover] = useState<Hover | null>(null);
  const [selected, setSelected] = useState(-1);
  const state = useRef({ hovered: -1, selected: -1 });
  state.current = { hovered: hover?.index ?? -1, selected };
  const autoCentred = useRef(false);

  useEffect(() => {
    const canvas = canvasRef.current;
    if (!canvas) return;
    const stored = useMapStore.getState().views[key];
    autoCentred.current = stored !== undefined;
    let saveTimer: ReturnType<typeof setTimeout> | undefined;
    const controller: MapController = new MapController(
      canvas,
      {
        onHover: (index) => {
          if (index === state.current.hovered) return;
          const v = index >= 0 ? data.villages : null;
          setHover(v ? { index, anchor: controller.screenOf(v.x[index]!, v.y[index]!), size: controller.size } : null);
        },
        onSelect: setSelected,
        onViewChange: (view) => {
          autoCentred.current = true;
          clearTimeout(saveTimer);
          saveTimer = setTimeout(() => useMapStore.getState().setView(key, view), SAVE_VIEW_MS);
        },
      },
      stored ?? centreOfVillages(data),
    );
    controllerRef.current = controller;
    const uninstall = installTestHook(controller, canvas, () => state.current);
    return () => {
      clearTimeout(saveTimer);
      uninstall();
      controller.destroy();
      controllerRef.current = null;
    };
  }, [key, data]);

  useEffect(() => {
    controllerRef.current?.setScene({
      villages: data.villages,
      indexAt: data.indexAt,
      ...layers,
      selected,
      hovered: hover?.index ?? -1,
      overlay: planLines.overlay,
    });
  }, [data, layers, selected, hover, planLines.overlay]);

  // The first visit of a world opens on the user's own villages once the bots are known.
  useEffect(() => {
    const controller = controllerRef.current;
    if (!controller || autoCentred.current || ownIds.size === 0) return;
    autoCentred.current = true;
    const rect = villagesRect(data, (id) => ownIds.has(id));
    if (rect) controller.fit(rect);
  }, [data, ownIds]);

  const onJump = useCallback(
    (query: string): string | null => {
      const controller = controllerRef.current;
      const target = resolveJump(query, data);
      if (!controller) return null;
      switch (target.kind) {
        case "coord":
          controller.centerOn(target.x, target.y, Math.max(controller.view.scale, JUMP_SCALE));
          setSelected(target.index);
          return target.index < 0 ? mapTexts.jumpEmptyField(formatCoord(target)) : null;
        case "player":
        case "ally": {
          const name = target.kind === "player" ? target.player.name : `[${target.ally.tag}]`;
          if (!target.rect) return mapTexts.jumpNoVillages(name);
          controller.fit(target.rect);
          return null;
        }
        default:
          return mapTexts.jumpNotFound(query.trim());
      }
    },
    [data],
  );

  const store = useMapStore.getState;
  const addMark = (mark: Omit<MapMark, "color">) => store().addMark(key, { ...mark, color: nextMarkColor(marks) });
  const toggleMark = (kind: MarkKind, id: number, label: string) =>
    marks.some((m) => m.kind === kind && m.id === id) ? store().removeMark(key, kind, id) : addMark({ kind, id, label });

  const info = villageInfo(data, selected);
  const hovered = hover ? villageInfo(data, hover.index) : null;
  const source = info ? nearestOwnVillage(data, ownIds, info.index) : -1;
  const sourceInfo = villageInfo(data, source);

  return (
    <>
      <MapToolbar
        data={data}
        onJump={onJump}
        onZoom={(factor) => controllerRef.current?.zoomBy(factor)}
        legendOpen={legendOpen}
        onToggleLegend={() => store().setLegendOpen(!legendOpen)}
        plans={worldPlans.plans}
        planId={planId}
        onPlan={(id) => store().setPlan(key, id)}
      />
      <div
        ref={frame.ref}
        className={classes.frame}
        data-testid="map-frame"
        data-villages={data.villages.count}
        onKeyDown={(event) => {
          if (event.key === "Escape") setSelected(-1);
        }}
      >
        <canvas ref={canvasRef} className={classes.canvas} tabIndex={0} role="application" aria-label={mapTexts.canvasLabel} data-testid="map-canvas" />
        {hover && hovered && !mobile && hover.index !== selected && <MapTooltip world={data.world} info={hovered} anchor={hover.anchor} size={hover.size} />}
        {legendOpen && (
          <MapLegend
            data={data}
            marks={marks}
            counts={counts}
            onAddMark={addMark}
            onRemoveMark={(kind, id) => store().removeMark(key, kind, id)}
            onColor={(kind, id, color) => store().setMarkColor(key, kind, id, color)}
            plan={plan && { name: plan.name, lines: planLines }}
          />
        )}
        {info && (
          <VillagePanel
            world={data.world}
            info={info}
            links={gameLinks(userWorld, info, sourceInfo?.id ?? null)}
            rallyFrom={sourceInfo ? formatCoord(sourceInfo) : null}
            marks={marks}
            onToggleMark={toggleMark}
            onClose={() => setSelected(-1)}
            mobile={compact}
          />
        )}
      </div>
    </>
  );
}
