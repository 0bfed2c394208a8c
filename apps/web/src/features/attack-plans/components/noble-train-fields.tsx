// "Adelszug" in the add form of a conquer attack: how many nobles, their spacing, optionally a clearing
// attack first, and the arrivals this makes (the protocol's trainArrivals, the server uses the same),
// each with its own send time when the app knows the world's unit speeds.
import type { Unit, UnitSpeedTable, World } from "@dsbot/protocol";
import {
  attackTimes,
  formatServerTime,
  NOBLE_TRAIN_MAX,
  NOBLE_TRAIN_SPACING_MAX_MS,
  NOBLE_TRAIN_SPACING_MIN_MS,
  parseCoord,
  trainArrivals,
  type TrainArrival,
} from "@dsbot/protocol";
import { Fieldset, NumberInput, SimpleGrid, Stack, Switch, Text } from "@mantine/core";
import { Controller, useWatch, type Control } from "react-hook-form";
import { useServerTimeZone } from "@/lib/server-time-zone";
import { parseInputTime } from "../lib/times";
import { attackPlanTexts as texts } from "../texts";
import type { AttackFormValues } from "./attack-form-schema";
import { useWorldUnits } from "./send-time-preview";
import { UnitInputs } from "./unit-inputs";

const toNumber = (value: number | string) => (typeof value === "number" ? value : Number.NaN);

/** The send time of one attack of the train, or null while the villages or units do not make one. */
export function sendOf(entry: TrainArrival, values: Pick<AttackFormValues, "from" | "to" | "units" | "unit" | "clearUnits">, unitInfo: UnitSpeedTable | null): number | null {
  const from = parseCoord(values.from);
  const to = parseCoord(values.to);
  if (!unitInfo || !from.ok || !to.ok) return null;
  const noble = entry.type === "conquer";
  try {
    return attackTimes({
      from: from.value,
      to: to.value,
      units: noble ? values.units : values.clearUnits,
      unit: noble ? values.unit || null : null,
      arrival: entry.arrival,
      unitInfo,
    }).sendTime;
  } catch {
    return null;
  }
}

export function NobleTrainFields({ control, units, world }: { control: Control<AttackFormValues>; units: readonly Unit[]; world: World }) {
  const unitInfo = useWorldUnits(world);
  const [arrivalText, repeatedHour, nobles, spacingMs, withClear, from, to, nobleUnits, unit, clearUnits] = useWatch({
    control,
    name: ["arrival", "repeatedHour", "nobles", "spacingMs", "withClear", "from", "to", "units", "unit", "clearUnits"],
  });
  const zone = useServerTimeZone();
  const arrival = parseInputTime(arrivalText, zone, repeatedHour);
  const valid =
    arrival.ok && Number.isInteger(nobles) && nobles >= 1 && nobles <= NOBLE_TRAIN_MAX && Number.isInteger(spacingMs) && spacingMs >= NOBLE_TRAIN_SPACING_MIN_MS && spacingMs <= NOBLE_TRAIN_SPACING_MAX_MS;
  const train = valid ? trainArrivals({ arrival: arrival.value, nobles, spacingMs, clear: withClear }) : [];

  return (
    <Fieldset legend={texts.trainTitle} variant="filled" radius="md">
      <Stack gap="sm">
        <Text size="xs" c="dimmed">
          {texts.trainHint}
        </Text>
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
          <Controller
            control={control}
            name="nobles"
            render={({ field, fieldState }) => (
              <NumberInput
                label={texts.trainNobles}
                min={1}
                max={NOBLE_TRAIN_MAX}
                allowDecimal={false}
                value={Number.isFinite(field.value) ? field.value : ""}
                onChange={(value) => field.onChange(toNumber(value))}
                error={fieldState.error?.message}
              />
            )}
          />
          <Controller
            control={control}
            name="spacingMs"
            render={({ field, fieldState }) => (
              <NumberInput
                label={texts.trainSpacing}
                min={NOBLE_TRAIN_SPACING_MIN_MS}
                max={NOBLE_TRAIN_SPACING_MAX_MS}
                step={50}
                allowDecimal={false}
                value={Number.isFinite(field.value) ? field.value : ""}
                onChange={(value) => field.onChange(toNumber(value))}
                error={fieldState.error?.message}
              />
            )}
          />
        </SimpleGrid>
        <Controller
          control={control}
          name="withClear"
          render={({ field }) => <Switch label={texts.trainClear} checked={field.value} onChange={(event) => field.onChange(event.currentTarget.checked)} />}
        />
        {withClear && (
          <Controller
            control={control}
            name="clearUnits"
            render={({ field, fieldState }) => (
              <UnitInputs
                label={texts.trainClearUnits}
                units={units}
                value={field.value}
                onChange={field.onChange}
                error={fieldState.error?.message}
                namePrefix="Clear: "
              />
            )}
          />
        )}
        {train.length > 1 && (
          <Stack gap={2}>
            <Text size="xs" c="dimmed">
              {texts.trainArrivals}
            </Text>
            <Stack gap={2} data-testid="train-arrivals" aria-label={texts.trainArrivals} role="list">
              {train.map((entry, index) => {
                const send = sendOf(entry, { from, to, units: nobleUnits, unit, clearUnits }, unitInfo);
                return (
                  <Text key={entry.arrival} size="xs" ff="monospace" role="listitem">
                    {entry.type === "attack" ? texts.trainClearLabel : texts.trainNobleLabel(withClear ? index : index + 1)} {formatServerTime(entry.arrival, zone)}
                    {send !== null && ` · ${texts.sendTimePreview} ${formatServerTime(send, zone)}`}
                  </Text>
                );
              })}
            </Stack>
          </Stack>
        )}
      </Stack>
    </Fieldset>
  );
}
