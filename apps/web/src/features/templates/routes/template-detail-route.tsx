// Template (/account-manager/templates/:id): one template's name and ordered steps, edited
// here and saved at once (PUT); the running totals and the checks follow every change before saving.
import type { BuilderStep, BuilderTemplate } from "@dsbot/protocol";
import { BUILDER_TEMPLATE_STEPS_MAX, builderTemplateNameSchema, builderTemplateProgress, maxLevels, startLevels } from "@dsbot/protocol";
import { Alert, Badge, Button, Card, Group, Stack, Text, TextInput } from "@mantine/core";
import { IconAlertTriangle, IconDeviceFloppy, IconPlus } from "@tabler/icons-react";
import { useQuery } from "@tanstack/react-query";
import { useMemo, useRef, useState } from "react";
import { useParams } from "react-router";
import { detailRouteState } from "@/components/ui/detail-route-state";
import { PageHeader } from "@/components/ui/page-header";
import { StateMessage } from "@/components/ui/states";
import { paths } from "@/config/paths";
import { routes } from "@/config/routes";
import { alert } from "@/lib/alerts";
import { ApiError } from "@/lib/api";
import { alertError } from "@/lib/api-error-message";
import { templateQueryOptions, useSaveTemplate } from "../api/templates-api";
import { TemplateSteps, type EditableStep } from "../components/template-steps";
import { templateTexts as texts } from "../texts";

const de = (n: number) => n.toLocaleString("de-DE");
const same = (a: readonly BuilderStep[], b: readonly BuilderStep[]) => a.length === b.length && a.every((s, i) => s.building === b[i]?.building && s.level === b[i]?.level);

function TemplateEditor({ template }: { template: BuilderTemplate }) {
  const nextKey = useRef(0);
  const keyed = (steps: readonly BuilderStep[]): EditableStep[] => steps.map((s) => ({ ...s, key: nextKey.current++ }));
  const [name, setName] = useState(template.name);
  const [nameError, setNameError] = useState<string | null>(null);
  const [steps, setSteps] = useState<EditableStep[]>(() => keyed(template.steps));
  const save = useSaveTemplate(template.id);
  const plain = useMemo(() => steps.map(({ building, level }) => ({ building, level })), [steps]);
  const progress = useMemo(() => builderTemplateProgress(plain), [plain]);
  const blocked = progress.filter((p) => p.blocked).length;
  const last = progress.at(-1);
  const dirty = name.trim() !== template.name || !same(plain, template.steps);

  const update = (next: EditableStep[]) => setSteps(next);
  const move = (from: number, to: number) => {
    if (to < 0 || to >= steps.length) return;
    const next = [...steps];
    const [step] = next.splice(from, 1);
    if (step) next.splice(to, 0, step);
    update(next);
  };
  const addStep = () => {
    const previous = steps.at(-1);
    const building = previous?.building ?? "main";
    // One level above what the template has raised the last step's building to.
    const reached = progress.reduce((level, p, i) => (steps[i]?.building === building ? Math.max(level, p.to) : level), startLevels[building]);
    update([...steps, { building, level: Math.max(1, Math.min(maxLevels[building], reached + 1)), key: nextKey.current++ }]);
  };
  const reset = () => {
    setName(template.name);
    setNameError(null);
    setSteps(keyed(template.steps));
  };
  const submit = async () => {
    const parsedName = builderTemplateNameSchema.safeParse(name);
    if (!parsedName.success) {
      setNameError(parsedName.error.issues[0]?.message ?? null);
      return;
    }
    setNameError(null);
    try {
      const { template: saved } = await save.mutateAsync({ name: parsedName.data, steps: plain });
      setName(saved.name);
      alert.success(texts.saved);
    } catch (error) {
      if (error instanceof ApiError && error.status === 409) setNameError(error.message);
      else alertError(error);
    }
  };

  return (
    <>
      <PageHeader
        title={template.name}
        icon={routes.AccountManagerTemplateDetail.icon}
        subtitle={`${texts.stepCount(template.steps.length)} · ${template.villages.toLocaleString("de-DE")} ${texts.columns.villages}`}
        actions={
          <Group gap="sm">
            {dirty && (
              <Badge color="ember" variant="light">
                {texts.unsaved}
              </Badge>
            )}
            <Button variant="default" onClick={reset} disabled={!dirty}>
              {texts.reset}
            </Button>
            <Button leftSection={<IconDeviceFloppy size={18} />} onClick={() => void submit()} loading={save.isPending} disabled={!dirty}>
              {texts.save}
            </Button>
          </Group>
        }
      />
      <Stack gap="md">
        <Card>
          <Stack gap="sm">
            <TextInput label={texts.name} value={name} onChange={(event) => setName(event.currentTarget.value)} error={nameError} maw={420} required />
            {last && (
              <Group gap="xl" wrap="wrap">
                <Text size="sm">
                  <Text span c="dimmed">{texts.totals}: </Text>
                  {de(last.totals.points)} {texts.stepColumns.points} · {de(last.totals.population)} {texts.stepColumns.population}
                </Text>
                <Text size="sm">
                  {texts.wood} {de(last.totals.wood)} · {texts.stone} {de(last.totals.stone)} · {texts.iron} {de(last.totals.iron)}
                </Text>
              </Group>
            )}
            {blocked > 0 && (
              <Alert color="orange" variant="light" icon={<IconAlertTriangle size={18} />} role="status">
                {texts.blockedSteps(blocked)}
              </Alert>
            )}
          </Stack>
        </Card>
        <Card padding={0}>
          <Stack gap={0}>
            <Group justify="space-between" p="md" wrap="wrap">
              <div>
                <Text fw={600}>{texts.stepsTitle}</Text>
                <Text size="xs" c="dimmed" maw={640}>
                  {texts.stepsHint}
                </Text>
              </div>
              <Button variant="light" leftSection={<IconPlus size={16} />} onClick={addStep} disabled={steps.length >= BUILDER_TEMPLATE_STEPS_MAX}>
                {texts.addStep}
              </Button>
            </Group>
            {steps.length === 0 ? (
              <StateMessage title={texts.noSteps} framed={false} />
            ) : (
              <TemplateSteps
                steps={steps}
                progress={progress}
                onChange={(index, step) => update(steps.map((s, i) => (i === index ? { ...s, ...step } : s)))}
                onMove={move}
                onRemove={(index) => update(steps.filter((_, i) => i !== index))}
              />
            )}
          </Stack>
        </Card>
      </Stack>
    </>
  );
}

export function TemplateDetailRoute() {
  const id = Number(useParams().id);
  const valid = Number.isSafeInteger(id) && id > 0;
  const query = useQuery({ ...templateQueryOptions(id), enabled: valid });

  const state = detailRouteState({
    valid,
    query,
    notFound: { title: texts.notFoundTitle, description: texts.notFoundHint, backTo: paths.templates, backLabel: texts.back },
    skeletons: [110, 420],
  });
  if (state || !query.data) return state;
  // A new editor per template version: a save (or another tab's) starts from what the server holds.
  return <TemplateEditor key={`${query.data.template.id}:${query.data.template.updatedAt}`} template={query.data.template} />;
}
