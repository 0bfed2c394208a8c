// "Angriff hinzufügen" / "Angriff bearbeiten": villages by coordinates (with the village found there),
// type, units, arrival with milliseconds (and, in the repeated autumn hour, which occurrence), priority;
// the computed send time below; a new conquer attack
// can be a noble train ("Adelszug"). Server issues show at their fields. Units the start village's last
// scan does not show are warned about (scan-warning.tsx), as is a send time already past.
import type { Attack, AttackType, RepeatedHour, Unit, World } from "@dsbot/protocol";
import { attackTypeLabels, attackTypes, formatServerTime, unitLabels, units as allUnits } from "@dsbot/protocol";
import { zodResolver } from "@hookform/resolvers/zod";
import { Alert, Button, Group, Modal, NumberInput, Select, SimpleGrid, Stack, Text, TextInput } from "@mantine/core";
import { IconClockExclamation } from "@tabler/icons-react";
import { useEffect, useRef } from "react";
import { Controller, useForm, useWatch } from "react-hook-form";
import { RepeatedHourField } from "@/components/ui/repeated-hour-choice";
import { commonTexts } from "@/config/texts";
import { alert } from "@/lib/alerts";
import { ApiError } from "@/lib/api";
import { alertError } from "@/lib/api-error-message";
import { useNow } from "@/lib/clock";
import { useServerTimeZone } from "@/lib/server-time-zone";
import { monoInputStyles } from "../lib/mono-input";
import { formatInputTime, inputTimeOf } from "../lib/times";
import { useAddAttackTrain, useSaveAttack } from "../api/attacks-api";
import { attackPlanTexts as texts } from "../texts";
import {
  attackFormFields,
  attackFormSchema,
  attackFormValues,
  emptyAttackForm,
  isTrain,
  toAttackBody,
  toTrainBody,
  type AttackFormField,
  type AttackFormValues,
} from "./attack-form-schema";
import { FormulaInputs } from "./formula-inputs";
import { earliestArrival, firstSendTime } from "./form-timing";
import { NobleTrainFields } from "./noble-train-fields";
import { plannedUnits, ScanWarning } from "./scan-warning";
import { SendTimePreview, useWorldUnits } from "./send-time-preview";
import { UnitInputs } from "./unit-inputs";
import { VillageField } from "./village-field";

const typeOptions = attackTypes.map((type) => ({ value: type, label: attackTypeLabels[type] }));

interface AttackFormProps {
  planId: number;
  world: World;
  attack: Attack | null;
  onDone: () => void;
}

function AttackForm({ planId, world, attack, onDone }: AttackFormProps) {
  const save = useSaveAttack(planId);
  const addTrain = useAddAttackTrain(planId);
  const worldUnits = useWorldUnits(world);
  const offered = worldUnits ? allUnits.filter((u) => worldUnits[u] !== undefined) : allUnits;
  const unitOptions = [{ value: "", label: texts.unitAuto }, ...offered.map((u) => ({ value: u, label: unitLabels[u] }))];
  const zone = useServerTimeZone();
  const { control, handleSubmit, setError, setValue, getValues, getFieldState, trigger } = useForm<AttackFormValues>({
    resolver: zodResolver(attackFormSchema(zone)) as never,
    defaultValues: attack ? attackFormValues(attack, zone) : emptyAttackForm(zone),
  });
  const watched = useWatch({ control }) as AttackFormValues;
  const now = useNow();
  const firstSend = firstSendTime(watched, worldUnits, zone);
  const pastSend = firstSend !== null && firstSend <= now;
  const earliest = pastSend ? earliestArrival(watched, worldUnits, zone, now) : null;

  // A new attack's arrival starts at the earliest one its villages and units allow, until the player
  // types one (the walk's inputs below, not the arrival, decide it).
  const arrivalChosen = useRef(attack !== null);
  const walk = JSON.stringify([watched.from, watched.to, watched.type, watched.units, watched.formulas, watched.unit, watched.nobles, watched.spacingMs, watched.withClear, watched.clearUnits]);
  useEffect(() => {
    if (arrivalChosen.current) return;
    const next = earliestArrival(getValues(), worldUnits, zone, Date.now());
    if (next === null) return;
    const time = inputTimeOf(next, zone);
    setValue("repeatedHour", time.repeatedHour);
    setValue("arrival", time.text, { shouldValidate: true });
  }, [walk, worldUnits, zone, getValues, setValue]);
  const useEarliest = () => {
    if (earliest === null) return;
    arrivalChosen.current = true;
    const time = inputTimeOf(earliest, zone);
    setValue("repeatedHour", time.repeatedHour, { shouldDirty: true });
    setValue("arrival", time.text, { shouldValidate: true, shouldDirty: true });
  };
  // The player's answer to "which 02:30?": the arrival's error (the same question) goes once answered.
  const chooseRepeatedHour = (repeatedHour: RepeatedHour) => {
    setValue("repeatedHour", repeatedHour, { shouldDirty: true });
    if (getFieldState("arrival").error) void trigger("arrival");
  };

  const submit = handleSubmit(async (values) => {
    try {
      if (!attack && isTrain(values)) {
        const { attacks } = await addTrain.mutateAsync(toTrainBody(values, zone));
        alert.success(texts.trainAdded(attacks.length));
      } else {
        const { attack: saved } = await save.mutateAsync({ id: attack?.id, body: toAttackBody(values, zone) });
        alert.success(attack ? texts.attackSaved : texts.attackAdded);
        // The server computes the send time again only when the walk changed: say so when it moved.
        if (attack && saved.sendTime !== attack.sendTime) {
          alert.info(texts.sendTimeMoved(formatServerTime(attack.sendTime, zone), formatServerTime(saved.sendTime, zone)));
        }
      }
      onDone();
    } catch (error) {
      let applied = false;
      if (error instanceof ApiError) {
        for (const issue of error.issues) {
          const field = issue.path.split(".")[0] as AttackFormField;
          if ((attackFormFields as readonly string[]).includes(field)) {
            setError(field, { type: "server", message: issue.message });
            applied = true;
          }
        }
      }
      if (!applied) alertError(error);
    }
  });

  return (
    <form onSubmit={(event) => void submit(event)} noValidate aria-label={attack ? texts.editAttack : texts.addAttack}>
      <Stack gap="md">
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          <VillageField control={control} name="from" label={texts.from} planId={planId} />
          <VillageField control={control} name="to" label={texts.to} planId={planId} />
          <Controller
            control={control}
            name="type"
            render={({ field, fieldState }) => (
              <Select
                label={texts.type}
                data={typeOptions}
                value={field.value}
                onChange={(value) => value && field.onChange(value as AttackType)}
                allowDeselect={false}
                error={fieldState.error?.message}
              />
            )}
          />
          <Controller
            control={control}
            name="priority"
            render={({ field, fieldState }) => (
              <NumberInput
                label={texts.priority}
                description={texts.priorityHint}
                min={1}
                max={5}
                allowDecimal={false}
                value={Number.isFinite(field.value) ? field.value : ""}
                onChange={(value) => field.onChange(typeof value === "number" ? value : Number.NaN)}
                error={fieldState.error?.message}
              />
            )}
          />
        </SimpleGrid>
        <Controller
          control={control}
          name="arrival"
          render={({ field, fieldState }) => (
            <Stack gap={6}>
              <TextInput
                label={texts.arrival}
                description={texts.arrivalHint(zone)}
                placeholder={texts.arrivalPlaceholder}
                value={field.value}
                onChange={(event) => {
                  arrivalChosen.current = true;
                  field.onChange(event.currentTarget.value);
                }}
                onBlur={field.onBlur}
                error={fieldState.error?.message}
                styles={monoInputStyles}
                autoComplete="off"
              />
              <RepeatedHourField text={field.value} zone={zone} value={watched.repeatedHour} onChange={chooseRepeatedHour} />
            </Stack>
          )}
        />
        <Controller
          control={control}
          name="units"
          render={({ field, fieldState }) => (
            <UnitInputs label={texts.units} description={texts.unitsHint} units={offered} value={field.value} onChange={field.onChange} error={fieldState.error?.message} />
          )}
        />
        <Controller
          control={control}
          name="formulas"
          render={({ field, fieldState }) => (
            <FormulaInputs units={offered} value={field.value} onChange={field.onChange} error={fieldState.error?.message} />
          )}
        />
        {!attack && watched.type === "conquer" && <NobleTrainFields control={control} units={offered} world={world} />}
        <ScanWarning planId={planId} from={watched.from} planned={plannedUnits(watched)} now={now} />
        <Controller
          control={control}
          name="unit"
          render={({ field, fieldState }) => (
            <Select label={texts.unit} data={unitOptions} value={field.value} onChange={(value) => field.onChange((value ?? "") as Unit | "")} allowDeselect={false} error={fieldState.error?.message} />
          )}
        />
        {/* A train lists each of its attacks with its own send time instead. */}
        {(attack || !isTrain(watched)) && <SendTimePreview world={world} input={watched} />}
        {pastSend && firstSend !== null && (
          <Alert color="orange" variant="light" icon={<IconClockExclamation size={18} />} data-testid="attack-past-send">
            <Stack gap={6}>
              <Text size="sm">{texts.pastSend(formatServerTime(firstSend, zone))}</Text>
              {earliest !== null && (
                <Group gap="sm" justify="space-between" wrap="nowrap">
                  <Text size="sm" ff="monospace">
                    {texts.earliestArrival(formatInputTime(earliest, zone))}
                  </Text>
                  <Button size="xs" variant="light" color="orange" onClick={useEarliest}>
                    {texts.useEarliestArrival}
                  </Button>
                </Group>
              )}
            </Stack>
          </Alert>
        )}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onDone}>
            {commonTexts.cancel}
          </Button>
          {/* A past send time is warned about above; saving it anyway is the player's choice. */}
          <Button type="submit" color={pastSend ? "orange" : undefined} loading={save.isPending || addTrain.isPending}>
            {pastSend ? texts.saveAnyway : commonTexts.save}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

interface AttackFormModalProps {
  planId: number;
  world: World;
  opened: boolean;
  /** null: a new attack. */
  attack: Attack | null;
  onClose: () => void;
}

export function AttackFormModal({ planId, world, opened, attack, onClose }: AttackFormModalProps) {
  return (
    <Modal opened={opened} onClose={onClose} title={attack ? texts.editAttack : texts.addAttack} size="lg" closeButtonProps={{ "aria-label": commonTexts.close }}>
      {opened && <AttackForm key={attack?.id ?? "new"} planId={planId} world={world} attack={attack} onDone={onClose} />}
    </Modal>
  );
}
