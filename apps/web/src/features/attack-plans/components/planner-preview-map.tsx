// The planner preview on a map: every planned attack as a line from its village to its target in the
// Karte's type colours, attacker villages and targets as dots, unserved targets ringed, a legend with
// counts, and the line under the pointer named ("x|y → x|y"). Scales down with its container.
import type { PlannerResponse } from "@dsbot/protocol";
import { attackTypeLabels } from "@dsbot/protocol";
import { Stack, Text } from "@mantine/core";
import { memo, useId, useMemo, useState, type PointerEvent } from "react";
import { buildPreviewScene, clientToView, nearestSegment, type PreviewMapScene } from "../lib/preview-map";
import { attackPlanTexts as texts } from "../texts";
import classes from "./planner-preview-map.module.css";

/** A line counts as under the pointer up to this many CSS pixels away. */
const HOVER_PX = 8;
const colors = { attacker: "#69db7c", target: "#f8f9fa", unserved: "#fcc419", grid: "#2c2e33", background: "#0e0f11" } as const;

interface Hover {
  segment: number;
  /** Pointer position inside the frame (CSS px). */
  left: number;
  top: number;
  /** Tooltip left of / above the pointer near the right / bottom edge. */
  flipX: boolean;
  flipY: boolean;
}

/** Everything but the hovered line: unchanged while the pointer moves, so React skips it. */
const SceneLayers = memo(function SceneLayers({ scene }: { scene: PreviewMapScene }) {
  const stroke = { fill: "none", vectorEffect: "non-scaling-stroke", strokeLinecap: "round" } as const;
  return (
    <>
      {scene.grid && <path d={scene.grid} stroke={colors.grid} strokeWidth={1} {...stroke} data-testid="preview-map-grid" />}
      {scene.layers.map((layer) => (
        <path key={layer.type} d={layer.d} stroke={layer.color} strokeWidth={1.25} strokeOpacity={0.9} {...stroke} data-type={layer.type} data-lines={layer.count} />
      ))}
      {scene.unserved.count > 0 && <path d={scene.unserved.d} stroke={colors.unserved} strokeWidth={15} {...stroke} data-testid="preview-map-unserved" />}
      <path d={scene.attackers.d} stroke={colors.attacker} strokeWidth={5} {...stroke} data-testid="preview-map-attackers" />
      <path d={scene.targets.d} stroke={colors.target} strokeWidth={8} {...stroke} data-testid="preview-map-targets" />
      <path d={scene.targets.d} stroke={colors.background} strokeWidth={3.5} {...stroke} />
    </>
  );
});

function Legend({ id, scene, attackersLabel }: { id: string; scene: PreviewMapScene; attackersLabel: string }) {
  const count = (n: number) => n.toLocaleString("de-DE");
  return (
    <ul id={id} className={classes.legend} aria-label={texts.previewMapLegend}>
      {scene.layers.map((layer) => (
        <li key={layer.type} className={classes.legendItem}>
          <span className={classes.lineSwatch} style={{ background: layer.color }} aria-hidden />
          <Text size="xs">
            {attackTypeLabels[layer.type]} {count(layer.count)}
          </Text>
        </li>
      ))}
      <li className={classes.legendItem}>
        <span className={classes.dotSwatch} style={{ background: colors.attacker }} aria-hidden />
        <Text size="xs">
          {attackersLabel} {count(scene.attackers.count)}
        </Text>
      </li>
      <li className={classes.legendItem}>
        <span className={classes.dotSwatch} style={{ border: `2px solid ${colors.target}` }} aria-hidden />
        <Text size="xs">
          {texts.previewMapTargets} {count(scene.targets.count)}
        </Text>
      </li>
      {scene.unserved.count > 0 && (
        <li className={classes.legendItem}>
          <span className={classes.dotSwatch} style={{ background: colors.unserved }} aria-hidden />
          <Text size="xs">
            {texts.previewMapUnserved} {count(scene.unserved.count)}
          </Text>
        </li>
      )}
    </ul>
  );
}

/** `attackersLabel`: the legend's word for the sending villages ("Angreiferdörfer", for supports "Dörfer deiner Bots"). */
export function PlannerPreviewMap({ result, attackersLabel = texts.previewMapAttackers }: { result: Pick<PlannerResponse, "attacks" | "unserved">; attackersLabel?: string }) {
  const scene = useMemo(() => buildPreviewScene(result), [result]);
  const [hover, setHover] = useState<Hover | null>(null);
  const legendId = useId();
  if (!scene) return null;
  const { viewBox } = scene;

  const onPointer = (event: PointerEvent<SVGSVGElement>) => {
    const rect = event.currentTarget.getBoundingClientRect();
    const point = clientToView(rect, viewBox, event.clientX, event.clientY);
    const segment = point ? nearestSegment(scene.segments, point.x, point.y, HOVER_PX * point.unitsPerPixel) : -1;
    if (segment < 0) setHover(null);
    else {
      const left = event.clientX - rect.left;
      const top = event.clientY - rect.top;
      setHover({ segment, left, top, flipX: left > rect.width / 2, flipY: top > rect.height - 40 });
    }
  };

  const hovered = hover ? result.attacks[scene.lines[hover.segment] ?? -1] : undefined;
  const s = hover ? scene.segments.subarray(hover.segment * 4, hover.segment * 4 + 4) : null;
  const label = hovered ? texts.previewMapLine(hovered.from, hovered.to, attackTypeLabels[hovered.type]) : "";

  return (
    <Stack gap="xs">
      <div className={classes.frame}>
        <svg
          className={classes.svg}
          role="img"
          aria-label={texts.previewMap}
          aria-describedby={legendId}
          viewBox={`${viewBox.x} ${viewBox.y} ${viewBox.width} ${viewBox.height}`}
          style={{ aspectRatio: `${viewBox.width} / ${viewBox.height}` }}
          onPointerMove={onPointer}
          onPointerDown={onPointer}
          onPointerLeave={() => setHover(null)}
        >
          <SceneLayers scene={scene} />
          {hovered && s && (
            <line
              x1={s[0]}
              y1={s[1]}
              x2={s[2]}
              y2={s[3]}
              stroke={colors.target}
              strokeWidth={3}
              strokeLinecap="round"
              vectorEffect="non-scaling-stroke"
              data-testid="preview-map-hover"
            >
              <title>{label}</title>
            </line>
          )}
        </svg>
        {hover && hovered && (
          <div
            className={classes.tooltip}
            role="tooltip"
            style={{
              left: hover.left,
              top: hover.flipY ? hover.top - 14 : hover.top + 14,
              transform: `translate(${hover.flipX ? "-100%" : "0"}, ${hover.flipY ? "-100%" : "0"})`,
            }}
          >
            {label}
          </div>
        )}
      </div>
      <Legend id={legendId} scene={scene} attackersLabel={attackersLabel} />
      <Text size="xs" c="dimmed">
        {texts.previewMapHint}
      </Text>
    </Stack>
  );
}
