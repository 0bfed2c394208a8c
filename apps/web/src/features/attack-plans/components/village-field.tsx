// A coordinate field (`x|y`) of the attack form with the village found there on the plan's world shown
// under it (name and player), looked up 300 ms after typing stops.
import { formatCoord, parseCoord } from "@dsbot/protocol";
import { TextInput } from "@mantine/core";
import { useQuery } from "@tanstack/react-query";
import { useController, type Control } from "react-hook-form";
import { useDebounced } from "@/lib/debounce";
import { villageLookupQueryOptions } from "../api/attacks-api";
import { attackPlanTexts as texts } from "../texts";
import type { AttackFormValues } from "./attack-form-schema";

const LOOKUP_DELAY = 300;

function useVillageLookup(planId: number, input: string) {
  const debounced = useDebounced(input, LOOKUP_DELAY);
  const parsed = parseCoord(debounced);
  const coords = parsed.ok ? formatCoord(parsed.value) : "";
  const query = useQuery({ ...villageLookupQueryOptions(planId, coords), enabled: coords !== "" });
  if (!coords) return null;
  if (query.isPending) return texts.villageLoading;
  if (query.isError) return null;
  const village = query.data.village;
  if (!village) return texts.villageUnknown;
  return texts.villageOf(village.name, village.player?.name ?? texts.barbarian);
}

interface VillageFieldProps {
  control: Control<AttackFormValues>;
  name: "from" | "to";
  label: string;
  planId: number;
}

export function VillageField({ control, name, label, planId }: VillageFieldProps) {
  const { field, fieldState } = useController({ control, name });
  const found = useVillageLookup(planId, field.value);
  return (
    <TextInput
      label={label}
      placeholder={texts.coordPlaceholder}
      name={field.name}
      ref={field.ref}
      value={field.value}
      onChange={(event) => field.onChange(event.currentTarget.value)}
      onBlur={field.onBlur}
      error={fieldState.error?.message}
      description={found ?? undefined}
      inputWrapperOrder={["label", "input", "description", "error"]}
      autoComplete="off"
      spellCheck={false}
      aria-required
      data-testid={`attack-${name}`}
    />
  );
}
