// "Planer": attackers (bots or coordinates) × targets in an arrival window, per-type counts and unit
// templates, night-bonus avoidance, Freundschaft, algorithm with seed. "Vorschau" shows what it would
// plan; "Übernehmen" adds it to the plan and refreshes the table.
import type { PlannerAlgorithm, PlannerResponse, RepeatedHour, World } from "@dsbot/protocol";
import { plannerAlgorithmLabels, plannerAlgorithms } from "@dsbot/protocol";
import { Alert, Button, Divider, Group, Modal, NumberInput, SegmentedControl, SimpleGrid, Stack, Switch, Text, TextInput } from "@mantine/core";
import { IconAlertTriangle, IconCheck, IconEye } from "@tabler/icons-react";
import { useEffect, useRef, useState, type ReactNode } from "react";
import { RepeatedHourField } from "@/components/ui/repeated-hour-choice";
import { commonTexts } from "@/config/texts";
import { alert } from "@/lib/alerts";
import { ApiError } from "@/lib/api";
import { alertError } from "@/lib/api-error-message";
import type { PlannerHandoff } from "@/lib/planner-handoff";
import { useServerTimeZone } from "@/lib/server-time-zone";
import { monoInputStyles } from "../lib/mono-input";
import { usePlanner } from "../api/planner-api";
import { attackPlanTexts as texts } from "../texts";
import { defendTexts, plannerWords } from "../planner-words";
import { PlannerAttackers } from "./planner-attackers";
import { handedValues, useDefendWithAllBots } from "./planner-handoff-values";
import { addIssue, checkPlanner, defaultPlannerValues, hasErrors, toPlannerRequest, type PlannerErrors, type PlannerFormValues, type PlannerTimeField } from "./planner-form";
import { PlannerPreview } from "./planner-preview";
import { PlannerTypes } from "./planner-types";
import { UnitInputs } from "./unit-inputs";

type OnChange = <K extends keyof PlannerFormValues>(key: K, value: PlannerFormValues[K]) => void;

/** The attack planner's window, types, switches and algorithm (not shown for "Verteidigen"). */
function AttackSettings({
  values,
  errors,
  onChange,
  timeField,
}: {
  values: PlannerFormValues;
  errors: PlannerErrors;
  onChange: OnChange;
  timeField: (key: PlannerTimeField, label: string) => ReactNode;
}) {
  return (
    <>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        {timeField("windowFrom", texts.windowFrom)}
        {timeField("windowTo", texts.windowTo)}
      </SimpleGrid>
      <PlannerTypes values={values} errors={errors} onChange={onChange} />
      <Group gap="xl" wrap="wrap" align="flex-start">
        <Switch label={texts.avoidNightBonus} checked={values.avoidNightBonus} onChange={(e) => onChange("avoidNightBonus", e.currentTarget.checked)} />
        <Switch
          label={texts.noblesFromUnknownVillages}
          description={texts.noblesFromUnknownVillagesHint}
          checked={values.noblesFromUnknownVillages}
          onChange={(e) => onChange("noblesFromUnknownVillages", e.currentTarget.checked)}
        />
        <Switch
          label={texts.useFreundschaft}
          description={texts.useFreundschaftHint}
          checked={values.useFreundschaft}
          onChange={(e) => onChange("useFreundschaft", e.currentTarget.checked)}
        />
      </Group>
      <Text size="xs" c="dimmed">
        {texts.avoidNightBonusHint}
      </Text>
      <Group gap="md" align="flex-end" wrap="wrap">
        <div>
          <Text size="sm" fw={500} mb={4}>
            {texts.algorithm}
          </Text>
          <SegmentedControl
            aria-label={texts.algorithm}
            value={values.algorithm}
            onChange={(value) => onChange("algorithm", value as PlannerAlgorithm)}
            data={plannerAlgorithms.map((a) => ({ value: a, label: plannerAlgorithmLabels[a] }))}
          />
        </div>
        <NumberInput
          label={texts.seed}
          w={180}
          min={0}
          max={0xffffffff}
          allowDecimal={false}
          allowNegative={false}
          disabled={values.algorithm !== "random"}
          value={values.seed}
          onChange={(n) => onChange("seed", typeof n === "number" ? n : 0)}
          error={errors.seed}
        />
      </Group>
    </>
  );
}

function PlannerForm({ planId, world, handoff, onDone }: { planId: number; world: World; handoff?: PlannerHandoff; onDone: () => void }) {
  const planner = usePlanner(planId);
  const zone = useServerTimeZone();
  const [values, setValues] = useState<PlannerFormValues>(() => handedValues(defaultPlannerValues(zone), handoff, zone));
  useDefendWithAllBots(handoff, world, values, setValues);
  const [errors, setErrors] = useState<PlannerErrors>({});
  const [result, setResult] = useState<PlannerResponse | null>(null);
  const [pending, setPending] = useState<"preview" | "save" | null>(null);
  const { defend } = values;
  const words = defend ? plannerWords.defend : plannerWords.attack;

  const onChange = <K extends keyof PlannerFormValues>(key: K, value: PlannerFormValues[K]) => {
    setValues((current) => ({ ...current, [key]: value }));
    setErrors({});
  };

  // A fresh preview sits below the form: bring it into view.
  const previewRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (result) previewRef.current?.scrollIntoView?.({ behavior: "smooth", block: "start" });
  }, [result]);

  const run = async (save: boolean) => {
    const found = checkPlanner(values, zone);
    setErrors(found);
    if (hasErrors(found)) return;
    setPending(save ? "save" : "preview");
    try {
      const answer = await planner.mutateAsync(toPlannerRequest(values, save, zone));
      if (save) {
        const senders = answer.senders?.map((bot) => bot.name) ?? [];
        alert.success(senders.length > 0 ? `${words.saved(answer.saved)} ${defendTexts.senders(senders)}` : words.saved(answer.saved));
        onDone();
      } else setResult(answer);
    } catch (error) {
      if (error instanceof ApiError && error.issues.length > 0) {
        const fromServer: PlannerErrors = {};
        for (const issue of error.issues) addIssue(fromServer, issue.path.split("."), issue.message);
        setErrors(fromServer);
      } else alertError(error);
    } finally {
      setPending(null);
    }
  };

  // A window time in the repeated autumn hour: which occurrence (asked right below the field).
  const repeatedHourField = (key: PlannerTimeField) => (
    <RepeatedHourField
      text={values[key]}
      zone={zone}
      value={values.repeatedHours?.[key]}
      onChange={(choice: RepeatedHour) => onChange("repeatedHours", { ...values.repeatedHours, [key]: choice })}
    />
  );
  const timeField = (key: PlannerTimeField, label: string) => (
    <Stack gap={6}>
      <TextInput
        label={label}
        placeholder={texts.windowPlaceholder}
        value={values[key]}
        onChange={(event) => onChange(key, event.currentTarget.value)}
        error={errors[key]}
        styles={monoInputStyles}
        autoComplete="off"
      />
      {repeatedHourField(key)}
    </Stack>
  );

  return (
    <Stack gap="md">
      <PlannerAttackers world={world} values={values} errors={errors} onChange={onChange} />
      {defend ? (
        <>
          <TextInput
            label={defendTexts.deadline}
            description={defendTexts.deadlineHint}
            placeholder={texts.windowPlaceholder}
            value={values.windowTo}
            onChange={(event) => onChange("windowTo", event.currentTarget.value)}
            error={errors.windowTo ?? errors.windowFrom}
            styles={monoInputStyles}
            autoComplete="off"
          />
          {repeatedHourField("windowTo")}
          <UnitInputs
            label={defendTexts.template}
            namePrefix={`${words.title}: `}
            value={values.templates.support}
            onChange={(units) => onChange("templates", { ...values.templates, support: units })}
            error={errors["templates.support"]}
          />
          <Switch
            label={texts.useFreundschaft}
            description={texts.useFreundschaftHint}
            checked={values.useFreundschaft}
            onChange={(e) => onChange("useFreundschaft", e.currentTarget.checked)}
          />
        </>
      ) : (
        <AttackSettings values={values} errors={errors} onChange={onChange} timeField={timeField} />
      )}
      {errors.general && errors.general.length > 0 && (
        <Alert color="red" variant="light" icon={<IconAlertTriangle size={18} />} title={texts.plannerErrors}>
          <Stack gap={2} component="ul" m={0} pl="md">
            {errors.general.map((message, index) => (
              <li key={index}>
                <Text size="sm">{message}</Text>
              </li>
            ))}
          </Stack>
        </Alert>
      )}
      <Group justify="flex-end" gap="sm">
        <Button variant="default" onClick={onDone}>
          {commonTexts.cancel}
        </Button>
        <Button variant="light" leftSection={<IconEye size={16} />} loading={pending === "preview"} disabled={pending === "save"} onClick={() => void run(false)}>
          {texts.preview}
        </Button>
        <Button leftSection={<IconCheck size={16} />} loading={pending === "save"} disabled={pending === "preview"} onClick={() => void run(true)}>
          {texts.apply}
        </Button>
      </Group>
      {result && (
        <div ref={previewRef}>
          <Divider mb="md" />
          <PlannerPreview
            result={result}
            words={words}
            onFitTemplates={(fitted) => {
              // Templates only the strongest scanned village can fill: the next preview plans with them.
              setValues((current) => ({ ...current, templates: { ...current.templates, ...(fitted as Partial<PlannerFormValues["templates"]>) } }));
              alert.info(texts.templatesFitted);
            }}
          />
        </div>
      )}
    </Stack>
  );
}

interface PlannerModalProps {
  planId: number;
  world: World;
  opened: boolean;
  /** Prefills "Ziele" (e.g. the Koordinaten Filter's output). */
  /** Targets (and for "Verteidigen" the supports' deadline) handed over from another page. */
  handoff?: PlannerHandoff;
  onClose: () => void;
}

export function PlannerModal({ planId, world, opened, handoff, onClose }: PlannerModalProps) {
  return (
    <Modal opened={opened} onClose={onClose} title={handoff?.defend ? plannerWords.defend.title : plannerWords.attack.title} size="xl" closeButtonProps={{ "aria-label": commonTexts.close }}>
      {opened && <PlannerForm planId={planId} world={world} handoff={handoff} onDone={onClose} />}
    </Modal>
  );
}
