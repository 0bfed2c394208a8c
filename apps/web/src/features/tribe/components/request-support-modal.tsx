// "Unterstützung anfordern": asks the tribe for support in the village an incoming on the board targets.
// It names the village and its member and the attack's arrival in the world's server time; the margin
// ("Vorlauf", seconds before the arrival by which the support must be there, shown as that server time)
// and the need: a population of defence or certain defensive units, at least one of them. The form is
// checked against the protocol's rules (tribeRequestCreateSchema) before it goes out; the server's own
// refusals (an open request for the village already, too late, not yours) show as its German messages.
import type { TribeIncoming, TribeRequestCreate } from "@dsbot/protocol";
import { formatServerTime, TRIBE_REQUEST_MARGIN_DEFAULT_S, TRIBE_REQUEST_MARGIN_MAX_S, TRIBE_REQUEST_POPULATION_MAX, tribeRequestCreateSchema, unitLabels } from "@dsbot/protocol";
import { zodResolver } from "@hookform/resolvers/zod";
import { Button, Group, Modal, NumberInput, SegmentedControl, SimpleGrid, Stack, Text } from "@mantine/core";
import { useEffect, useId } from "react";
import { useController, useForm, useWatch, type Control, type FieldPath } from "react-hook-form";
import { z } from "zod";
import { commonTexts } from "@/config/texts";
import { ArrivalText } from "@/features/incomings";
import { alert } from "@/lib/alerts";
import { alertError } from "@/lib/api-error-message";
import { applyServerIssues } from "@/lib/form-errors";
import { useCreateRequest } from "../api/tribe-requests-api";
import { tribeRequestTexts as texts } from "../texts";

/** The units one can ask for: the defensive ones. */
const requestUnits = ["spear", "sword", "archer", "heavy"] as const;
type RequestUnit = (typeof requestUnits)[number];

/** An empty number input is `undefined` here (react-hook-form keeps it as such). */
interface FormValues {
  marginSeconds: number | undefined;
  need: { kind: "population" | "units"; population: number | undefined; units: Partial<Record<RequestUnit, number>> };
}

const emptyForm: FormValues = {
  marginSeconds: TRIBE_REQUEST_MARGIN_DEFAULT_S,
  need: { kind: "population", population: 1000, units: {} },
};

/** The body the form stands for: empty unit fields count as none; the population only in its mode. */
function toBody(incomingId: number, values: FormValues): TribeRequestCreate {
  const need: TribeRequestCreate["need"] =
    values.need.kind === "population"
      ? { kind: "population", population: values.need.population as number }
      : { kind: "units", units: Object.fromEntries(requestUnits.map((unit) => [unit, values.need.units[unit] ?? 0]).filter(([, n]) => (n as number) > 0)) };
  return { incomingId, marginSeconds: values.marginSeconds as number, need };
}

/**
 * The form's rules are the protocol's, on the body the form stands for; only the fields of the chosen
 * need are looked at. An issue of the units as a whole ("at least one") lands on `need.units`.
 */
const formSchema = z.custom<FormValues>().superRefine((values, ctx) => {
  const empty = (value: number | undefined) => value === undefined || Number.isNaN(value);
  const missing = [
    empty(values.marginSeconds) && ["marginSeconds"],
    values.need.kind === "population" && empty(values.need.population) && ["need", "population"],
  ].filter((path): path is string[] => Array.isArray(path));
  for (const path of missing) ctx.addIssue({ code: "custom", path, message: texts.required });
  if (missing.length > 0) return;
  const parsed = tribeRequestCreateSchema.safeParse(toBody(1, values));
  for (const issue of parsed.error?.issues ?? []) ctx.addIssue({ code: "custom", path: issue.path.map(String), message: issue.message });
});

interface NumberFieldProps {
  control: Control<FormValues>;
  name: FieldPath<FormValues>;
  label: string;
  min: number;
  max: number;
  description?: string;
  placeholder?: string;
  autoFocus?: boolean;
}

function NumberField({ control, name, label, min, max, description, placeholder, autoFocus }: NumberFieldProps) {
  const { field, fieldState } = useController({ control, name });
  const value = field.value as number | undefined;
  return (
    <NumberInput
      label={label}
      description={description}
      placeholder={placeholder}
      name={field.name}
      ref={field.ref}
      value={value === undefined || Number.isNaN(value) ? "" : value}
      onChange={(next) => field.onChange(next === "" ? undefined : Number(next))}
      onBlur={field.onBlur}
      min={min}
      max={max}
      clampBehavior="none"
      allowDecimal={false}
      allowNegative={false}
      thousandSeparator="."
      decimalSeparator=","
      error={fieldState.error?.message}
      data-autofocus={autoFocus || undefined}
    />
  );
}

export interface RequestSupportModalProps {
  tribeId: number;
  /** The board row asked from (a train: its first row); null: closed. */
  incoming: TribeIncoming | null;
  zone: string;
  onClose: () => void;
}

export function RequestSupportModal({ tribeId, incoming, zone, onClose }: RequestSupportModalProps) {
  const create = useCreateRequest(tribeId);
  const needLabelId = useId();
  const { control, handleSubmit, reset, setError, formState } = useForm<FormValues>({
    resolver: zodResolver(formSchema),
    defaultValues: emptyForm,
  });
  const margin = useWatch({ control, name: "marginSeconds" });
  const { field: kindField } = useController({ control, name: "need.kind" });

  // Each opening starts over.
  const incomingId = incoming?.id;
  useEffect(() => {
    if (incomingId !== undefined) reset(emptyForm);
  }, [incomingId, reset]);

  const submit = handleSubmit(async (values) => {
    if (!incoming) return;
    try {
      await create.mutateAsync(toBody(incoming.id, values));
      alert.success(texts.sent);
      onClose();
    } catch (error) {
      if (!applyServerIssues(error, setError, ["marginSeconds", "need.population", "need.units"])) alertError(error);
    }
  });

  const marginValid = margin !== undefined && !Number.isNaN(margin) && margin >= 0 && margin <= TRIBE_REQUEST_MARGIN_MAX_S;
  const unitsError = formState.errors.need?.units?.message;
  const village = incoming ? (incoming.target.name ? `${incoming.target.name} (${incoming.target.coordinates})` : incoming.target.coordinates) : "";

  return (
    <Modal opened={incoming !== null} onClose={onClose} title={texts.title} size={520} closeButtonProps={{ "aria-label": commonTexts.close }}>
      {incoming && (
        <form onSubmit={(event) => void submit(event)} noValidate aria-label={texts.title}>
          <Stack gap="md">
            <Stack gap={4} data-testid="request-support-target">
              <Group gap="xs" wrap="nowrap" align="baseline">
                <Text size="sm" c="dimmed" w={150}>
                  {texts.village}
                </Text>
                <Text size="sm" fw={600}>
                  {village}
                </Text>
              </Group>
              <Group gap="xs" wrap="nowrap" align="baseline">
                <Text size="sm" c="dimmed" w={150}>
                  {texts.member}
                </Text>
                <Text size="sm">{incoming.member.username}</Text>
              </Group>
              <Group gap="xs" wrap="nowrap" align="baseline">
                <Text size="sm" c="dimmed" w={150}>
                  {texts.arrival}
                </Text>
                <Group gap={6} wrap="nowrap" align="baseline" data-arrival>
                  <ArrivalText time={incoming.arrivalTime} zone={zone} />
                  <Text size="xs" c="dimmed">
                    {texts.serverTime}
                  </Text>
                </Group>
              </Group>
            </Stack>
            <NumberField
              control={control}
              name="marginSeconds"
              label={texts.margin}
              min={0}
              max={TRIBE_REQUEST_MARGIN_MAX_S}
              description={marginValid ? texts.marginHint(`${formatServerTime(incoming.arrivalTime - margin * 1000, zone).slice(0, -4)} ${texts.serverTime}`) : undefined}
              autoFocus
            />
            <Stack gap={4}>
              <Text size="sm" fw={500} id={needLabelId}>
                {texts.need}
              </Text>
              <SegmentedControl
                aria-labelledby={needLabelId}
                value={kindField.value}
                onChange={(value) => kindField.onChange(value as FormValues["need"]["kind"])}
                data={[
                  { value: "population", label: texts.needPopulation },
                  { value: "units", label: texts.needUnits },
                ]}
              />
            </Stack>
            {kindField.value === "population" ? (
              <NumberField control={control} name="need.population" label={texts.population} min={1} max={TRIBE_REQUEST_POPULATION_MAX} />
            ) : (
              <Stack gap={4}>
                <SimpleGrid cols={2} spacing="sm">
                  {requestUnits.map((unit) => (
                    <NumberField key={unit} control={control} name={`need.units.${unit}`} label={unitLabels[unit]} min={0} max={1_000_000} placeholder="0" />
                  ))}
                </SimpleGrid>
                {unitsError && (
                  <Text size="sm" c="red" role="alert">
                    {unitsError}
                  </Text>
                )}
              </Stack>
            )}
            <Group justify="flex-end" gap="sm" mt="xs">
              <Button variant="default" onClick={onClose}>
                {texts.cancel}
              </Button>
              <Button type="submit" loading={create.isPending}>
                {texts.send}
              </Button>
            </Group>
          </Stack>
        </form>
      )}
    </Modal>
  );
}
