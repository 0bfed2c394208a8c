// The planner's attackers: the villages of chosen bots' players (the user's bots on the plan's world)
// or pasted coordinates; and the targets (any text, e.g. the Koordinaten Filter's output).
import type { World } from "@dsbot/protocol";
import { Anchor, MultiSelect, SegmentedControl, Stack, Text, Textarea } from "@mantine/core";
import { useQuery } from "@tanstack/react-query";
import { Link } from "react-router";
import { paths } from "@/config/paths";
import { botStatusLabels } from "@/components/ui/bot-status-badge";
import { plannerBotsQueryOptions } from "../api/planner-api";
import { defendTexts, plannerWords } from "../planner-words";
import { attackPlanTexts as texts } from "../texts";
import classes from "./attack-plans.module.css";
import type { PlannerErrors, PlannerFormValues } from "./planner-form";

interface PlannerAttackersProps {
  world: World;
  values: PlannerFormValues;
  errors: PlannerErrors;
  onChange: <K extends keyof PlannerFormValues>(key: K, value: PlannerFormValues[K]) => void;
}

function BotSelect({ world, values, errors, onChange }: PlannerAttackersProps) {
  const bots = useQuery(plannerBotsQueryOptions());
  const onWorld = (bots.data?.dsbots ?? []).filter((bot) => bot.world.server === world.server && bot.world.world === world.world);
  // "Verteidigen" names each bot's status: only a running bot sends its support.
  const options = onWorld.map((bot) => ({
    value: String(bot.id),
    label: values.defend ? defendTexts.botOption(bot.dsPlayer.name, botStatusLabels[bot.status ?? "offline"]) : bot.dsPlayer.name,
  }));
  const idle = onWorld.filter((bot) => values.dsbotIds.includes(String(bot.id)) && bot.status !== "online").map((bot) => bot.dsPlayer.name);
  const hint = values.defend ? (
    <>
      {defendTexts.botsHint}
      {idle.length > 0 && (
        <Text span size="xs" c="yellow.4" display="block" mt={4} data-testid="defend-idle-bots">
          {defendTexts.notRunning(idle)}
        </Text>
      )}
    </>
  ) : (
    texts.attackerBotsHint
  );
  return (
    <MultiSelect
      label={values.defend ? plannerWords.defend.attackers : texts.attackerBots}
      description={bots.isSuccess && options.length === 0 ? texts.noBots : hint}
      placeholder={values.dsbotIds.length ? undefined : texts.attackerBotsPlaceholder}
      data={options}
      value={values.dsbotIds}
      onChange={(ids) => onChange("dsbotIds", ids)}
      error={errors.dsbotIds}
      searchable
      clearable
    />
  );
}

export function PlannerAttackers(props: PlannerAttackersProps) {
  const { values, errors, onChange } = props;
  return (
    <Stack gap="sm">
      {!values.defend && (
        <div>
          <Text size="sm" fw={500} mb={4}>
            {texts.attackers}
          </Text>
          <SegmentedControl
            aria-label={texts.attackers}
            value={values.source}
            onChange={(value) => onChange("source", value as PlannerFormValues["source"])}
            data={[
              { value: "bots", label: texts.attackerSources.bots },
              { value: "coords", label: texts.attackerSources.coords },
            ]}
          />
        </div>
      )}
      {values.source === "bots" ? (
        <BotSelect {...props} />
      ) : (
        <Textarea
          label={texts.attackerCoords}
          placeholder={texts.attackerCoordsPlaceholder}
          value={values.attackerText}
          onChange={(event) => onChange("attackerText", event.currentTarget.value)}
          error={errors.attackerText}
          autosize
          minRows={3}
          maxRows={8}
          spellCheck={false}
          classNames={{ input: classes.mono }}
        />
      )}
      <Textarea
        label={texts.targets}
        description={
          <>
            {texts.targetsHint}{" "}
            <Anchor component={Link} to={paths.coordsFilter} size="xs">
              {texts.coordsFilterLink}
            </Anchor>
          </>
        }
        placeholder={texts.targetsPlaceholder}
        value={values.targets}
        onChange={(event) => onChange("targets", event.currentTarget.value)}
        error={errors.targets}
        autosize
        minRows={3}
        maxRows={8}
        spellCheck={false}
        classNames={{ input: classes.mono }}
      />
    </Stack>
  );
}
