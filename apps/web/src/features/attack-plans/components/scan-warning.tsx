// The attack form's warning about units the start village does not have: its last inventory scan (from a
// bot the user may see, as the planner reads it) against the units the form plans to send from it. Only a
// warning — the attack may still be saved; without a scan it says nothing.
import { formatCoord, parseCoord, unitLabels, units as allUnits, type Unit } from "@dsbot/protocol";
import { Alert, Text } from "@mantine/core";
import { IconAlertTriangle } from "@tabler/icons-react";
import { useQuery } from "@tanstack/react-query";
import { useDebounced } from "@/lib/debounce";
import { villageTroopsQueryOptions } from "../api/village-troops-api";
import { attackPlanTexts as texts } from "../texts";
import { isTrain, type AttackFormValues } from "./attack-form-schema";

const LOOKUP_DELAY = 300;

type Counts = Partial<Record<Unit, number>>;

/** What the form sends from the start village: its units, for a noble train once per noble plus the clearing attack. */
export function plannedUnits(values: Pick<AttackFormValues, "type" | "units" | "nobles" | "withClear" | "clearUnits">): Counts {
  const train = isTrain(values);
  const times = train && Number.isInteger(values.nobles) && values.nobles > 0 ? values.nobles : 1;
  const total: Counts = {};
  for (const unit of allUnits) {
    const n = (values.units[unit] ?? 0) * times + (train && values.withClear ? (values.clearUnits[unit] ?? 0) : 0);
    if (n > 0) total[unit] = n;
  }
  return total;
}

/** The units of which the scan shows fewer than planned, in the game's order. */
export function shortages(planned: Counts, scanned: Counts): { unit: Unit; have: number; planned: number }[] {
  return allUnits.filter((u) => (planned[u] ?? 0) > (scanned[u] ?? 0)).map((u) => ({ unit: u, have: scanned[u] ?? 0, planned: planned[u] ?? 0 }));
}

interface ScanWarningProps {
  planId: number;
  /** The start village as typed. */
  from: string;
  planned: Counts;
  now: number;
}

export function ScanWarning({ planId, from, planned, now }: ScanWarningProps) {
  const debounced = useDebounced(from, LOOKUP_DELAY);
  const parsed = parseCoord(debounced);
  const coords = parsed.ok ? formatCoord(parsed.value) : "";
  const wanted = Object.keys(planned).length > 0;
  const query = useQuery({ ...villageTroopsQueryOptions(planId, coords), enabled: coords !== "" && wanted });
  const scan = coords && wanted ? query.data?.troops : null;
  if (!scan) return null;
  const short = shortages(planned, scan.units);
  if (short.length === 0) return null;
  return (
    <Alert color="yellow" variant="light" icon={<IconAlertTriangle size={18} />} data-testid="attack-scan-warning">
      <Text size="sm">
        {texts.scanShort(
          texts.scanAge(Math.max(0, now - scan.scannedAt)),
          scan.coordinates,
          short.map((s) => ({ have: s.have, planned: s.planned, label: unitLabels[s.unit] })),
        )}
      </Text>
      <Text size="xs" c="dimmed" mt={4}>
        {texts.scanShortHint}
      </Text>
    </Alert>
  );
}
