// Choosing an attack plan to work in: the user's editable plans on a world (searchable when there are
// many) or a new one. The caller says what happens with the chosen plan (the Koordinaten Filter opens
// its planner with the targets, Eingehende Angriffe with the supports of an incoming).
import type { AttackPlan, AttackPlanCreate, World } from "@dsbot/protocol";
import { attackPlanCreateSchema } from "@dsbot/protocol";
import { zodResolver } from "@hookform/resolvers/zod";
import { Alert, Anchor, Button, Divider, Group, Loader, Modal, ScrollArea, Stack, Text, TextInput } from "@mantine/core";
import { IconChevronRight, IconInfoCircle, IconPlus, IconSearch, IconTargetArrow } from "@tabler/icons-react";
import { useState, type ReactNode } from "react";
import { useForm } from "react-hook-form";
import { Link } from "react-router";
import { ErrorState, StateMessage } from "@/components/ui/states";
import { TextField } from "@/components/ui/text-field";
import { paths } from "@/config/paths";
import { commonTexts } from "@/config/texts";
import { alert } from "@/lib/alerts";
import { alertError, errorMessage } from "@/lib/api-error-message";
import { useDebounced } from "@/lib/debounce";
import { applyServerIssues } from "@/lib/form-errors";
import { useCreateTargetPlan, useTargetPlans, type TargetPlans } from "./target-plans";
import { planChoiceTexts as texts } from "./texts";

/** As the plan list: searches go out 300 ms after typing stops. */
const SEARCH_DELAY = 300;
/** From this many plans on (or when the answer was cut) the dialog offers a search. */
const SEARCH_FROM = 8;

function PlanChoice({ plan, onChoose }: { plan: AttackPlan; onChoose: (plan: AttackPlan) => void }) {
  const ownPlan = plan.access === "owner";
  return (
    <li>
      <Button
        variant="default"
        fullWidth
        justify="space-between"
        h="auto"
        py={8}
        rightSection={<IconChevronRight size={16} />}
        onClick={() => onChoose(plan)}
        styles={{ label: { flex: 1, minWidth: 0 } }}
      >
        <Stack gap={0} align="flex-start" style={{ minWidth: 0 }}>
          <Text size="sm" fw={600} truncate maw="100%">
            {plan.name}
          </Text>
          <Text size="xs" c="dimmed">
            {texts.attacks(plan.total)}
            {!ownPlan && ` · ${texts.ownerOf(plan.ownerName)}`}
          </Text>
        </Stack>
      </Button>
    </li>
  );
}

function PlanList({ list, search, onChoose }: { list: TargetPlans; search: string; onChoose: (plan: AttackPlan) => void }) {
  const { plans, truncated, isPending, error, refetch } = list;
  if (isPending)
    return (
      <Group justify="center" py="lg">
        <Loader size="sm" aria-label={commonTexts.loading} />
      </Group>
    );
  if (error) return <ErrorState framed={false} message={errorMessage(error)} onRetry={refetch} />;
  if (plans.length === 0 && search !== "") return <Text size="sm" c="dimmed">{texts.noneFound}</Text>;
  if (plans.length === 0)
    return (
      <StateMessage
        framed={false}
        icon={<IconTargetArrow size={26} />}
        title={texts.noneTitle}
        description={texts.noneHint}
        action={
          <Anchor component={Link} to={paths.attackPlans} size="sm">
            {texts.allPlans}
          </Anchor>
        }
      />
    );
  return (
    <Stack gap="xs">
      <ScrollArea.Autosize mah={320} type="auto" offsetScrollbars>
        <Stack component="ul" gap={6} m={0} p={0} style={{ listStyle: "none" }} aria-label={texts.listLabel}>
          {plans.map((plan) => (
            <PlanChoice key={plan.id} plan={plan} onChoose={onChoose} />
          ))}
        </Stack>
      </ScrollArea.Autosize>
      {truncated && (
        <Alert variant="light" color="blue" icon={<IconInfoCircle size={16} />} p="xs">
          <Text size="xs">{texts.truncated}</Text>
        </Alert>
      )}
    </Stack>
  );
}

function CreatePlan({ world, onCreated }: { world: World; onCreated: (plan: AttackPlan) => void }) {
  const create = useCreateTargetPlan();
  const { control, handleSubmit, setError } = useForm<AttackPlanCreate>({
    resolver: zodResolver(attackPlanCreateSchema),
    defaultValues: { name: "", world: { ...world } },
  });
  const submit = handleSubmit(async (values) => {
    try {
      const { attackPlan } = await create.mutateAsync(values);
      alert.success(texts.created(attackPlan.name));
      onCreated(attackPlan);
    } catch (error) {
      if (!applyServerIssues(error, setError, ["name"])) alertError(error);
    }
  });
  return (
    <form onSubmit={(event) => void submit(event)} noValidate>
      <Text size="sm" fw={500} mb={6}>
        {texts.createTitle}
      </Text>
      <Group gap="sm" align="flex-start" wrap="wrap">
        <TextField
          control={control}
          name="name"
          aria-label={texts.createLabel}
          placeholder={texts.createPlaceholder}
          autoComplete="off"
          style={{ flex: "1 1 220px" }}
        />
        <Button type="submit" leftSection={<IconPlus size={16} />} loading={create.isPending}>
          {texts.create}
        </Button>
      </Group>
    </form>
  );
}

function ChoosePlan({ world, intro, blocked, onChoose }: { world: World; intro: ReactNode; blocked: boolean; onChoose: (plan: AttackPlan) => void }) {
  const [search, setSearch] = useState("");
  const searchVal = useDebounced(search.trim(), SEARCH_DELAY);
  const list = useTargetPlans(world, searchVal);
  const showSearch = search !== "" || list.truncated || list.plans.length >= SEARCH_FROM;
  if (blocked) return <Stack gap="md">{intro}</Stack>;
  return (
    <Stack gap="md">
      {intro}
      {showSearch && (
        <TextInput
          aria-label={texts.search}
          placeholder={texts.searchPlaceholder}
          leftSection={<IconSearch size={16} />}
          value={search}
          onChange={(event) => setSearch(event.currentTarget.value)}
        />
      )}
      <PlanList list={list} search={searchVal} onChoose={onChoose} />
      <Divider />
      <CreatePlan world={world} onCreated={onChoose} />
    </Stack>
  );
}

interface ChoosePlanModalProps {
  opened: boolean;
  onClose: () => void;
  title: string;
  world: World | undefined;
  /** Above the list: what happens with the chosen plan. */
  intro: ReactNode;
  /** Nothing to choose now (the intro says why): the dialog shows only the intro. */
  blocked?: boolean;
  onChoose: (plan: AttackPlan) => void;
}

export function ChoosePlanModal({ opened, onClose, title, world, intro, blocked = false, onChoose }: ChoosePlanModalProps) {
  return (
    <Modal opened={opened} onClose={onClose} title={title} size="lg" closeButtonProps={{ "aria-label": commonTexts.close }}>
      {opened && world && (
        <ChoosePlan
          world={world}
          intro={intro}
          blocked={blocked}
          onChoose={(plan) => {
            onClose();
            onChoose(plan);
          }}
        />
      )}
    </Modal>
  );
}
