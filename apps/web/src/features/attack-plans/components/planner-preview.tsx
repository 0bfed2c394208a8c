// The planner's preview: the planned attacks on a map and in a table (from, to, type, units, send,
// arrival), the targets it could not serve with the German reason, and coordinates that are no village
// of the world.
import type { AttackType, PlannerResponse } from "@dsbot/protocol";
import { attackTypeLabels } from "@dsbot/protocol";
import { Alert, Button, Code, Group, ScrollArea, Stack, Table, Text } from "@mantine/core";
import { IconAlertTriangle, IconInfoCircle } from "@tabler/icons-react";
import { attackPlanTexts as texts } from "../texts";
import { plannerWords, type PlannerWords } from "../planner-words";
import { AttackTypeIcon, ServerTime, UnitBadges } from "./attack-cells";
import { PlannerPreviewMap } from "./planner-preview-map";

/** Rows shown; the rest is only counted (the planner may plan thousands). */
export const PREVIEW_ROWS = 200;

type Fitted = NonNullable<PlannerResponse["attackerVillages"]>["fitted"];

/** How many attacker villages there were and what they could send; why nothing was planned, with a fix. */
function AttackerSummary({
  summary,
  words,
  onFitTemplates,
}: {
  summary: NonNullable<PlannerResponse["attackerVillages"]>;
  words: PlannerWords;
  onFitTemplates?: (fitted: Fitted) => void;
}) {
  const blocked = (Object.entries(summary.able) as [AttackType, number][]).filter(([, able]) => able === 0);
  const canFit = Object.keys(summary.fitted).length > 0;
  if (summary.villages === 0) {
    return (
      <Alert color="yellow" variant="light" icon={<IconAlertTriangle size={18} />} data-testid="planner-attackers">
        {texts.noAttackerVillages}
      </Alert>
    );
  }
  return (
    <Alert
      color={blocked.length > 0 ? "yellow" : "gray"}
      variant="light"
      icon={blocked.length > 0 ? <IconAlertTriangle size={18} /> : <IconInfoCircle size={18} />}
      data-testid="planner-attackers"
      title={words.attackerSummary(summary.villages, summary.scanned)}
    >
      <Stack gap={4}>
        {(Object.entries(summary.able) as [AttackType, number][]).map(([type, able]) => (
          <Text size="sm" key={type}>
            {able === 0 ? words.noVillageCanSend(attackTypeLabels[type]) : texts.attackerAble(attackTypeLabels[type], able, summary.villages)}
          </Text>
        ))}
        {canFit && onFitTemplates && (
          <Group gap="sm" mt={4}>
            <Button size="xs" variant="light" onClick={() => onFitTemplates(summary.fitted)}>
              {texts.fitTemplates}
            </Button>
            <Text size="xs" c="dimmed">
              {texts.fitTemplatesHint}
            </Text>
          </Group>
        )}
      </Stack>
    </Alert>
  );
}

export function PlannerPreview({
  result,
  words = plannerWords.attack,
  onFitTemplates,
}: {
  result: PlannerResponse;
  words?: PlannerWords;
  onFitTemplates?: (fitted: Fitted) => void;
}) {
  const shown = result.attacks.slice(0, PREVIEW_ROWS);
  const c = texts.previewColumns;
  return (
    <Stack gap="md" data-testid="planner-preview">
      <Text fw={600}>{words.previewCount(result.attacks.length)}</Text>
      {result.attackerVillages && <AttackerSummary summary={result.attackerVillages} words={words} onFitTemplates={onFitTemplates} />}
      <PlannerPreviewMap result={result} attackersLabel={words.mapAttackers} />
      {result.attacks.length === 0 ? (
        <Text size="sm" c="dimmed">
          {words.previewEmpty}
        </Text>
      ) : (
        <ScrollArea.Autosize mah={360} type="auto">
          <Table striped verticalSpacing={4} aria-label={words.previewLabel} miw={760}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{c.from}</Table.Th>
                <Table.Th>{c.to}</Table.Th>
                <Table.Th>{c.type}</Table.Th>
                <Table.Th>{c.units}</Table.Th>
                <Table.Th>{c.send}</Table.Th>
                <Table.Th>{c.arrival}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {shown.map((attack, index) => (
                <Table.Tr key={index}>
                  <Table.Td>
                    <Text size="sm" ff="monospace">
                      {attack.from}
                    </Text>
                    {attack.attacker && (
                      <Text size="xs" c="dimmed">
                        {attack.attacker}
                      </Text>
                    )}
                  </Table.Td>
                  <Table.Td>
                    <Text size="sm" ff="monospace">
                      {attack.to}
                    </Text>
                    <Text size="xs" c="dimmed">
                      {attack.defender ?? texts.barbarian}
                    </Text>
                  </Table.Td>
                  <Table.Td>
                    <AttackTypeIcon type={attack.type} />
                  </Table.Td>
                  <Table.Td>
                    <UnitBadges units={attack.units} />
                  </Table.Td>
                  <Table.Td>
                    <ServerTime ms={attack.sendTime} />
                  </Table.Td>
                  <Table.Td>
                    <ServerTime ms={attack.arrivalTime} />
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
          {result.attacks.length > shown.length && (
            <Text size="sm" c="dimmed" mt="xs">
              {texts.previewMore(result.attacks.length - shown.length)}
            </Text>
          )}
        </ScrollArea.Autosize>
      )}
      {result.unserved.length > 0 && (
        <Alert color="yellow" variant="light" icon={<IconAlertTriangle size={18} />} title={words.unserved}>
          <Stack gap={2} component="ul" m={0} p={0} style={{ listStyle: "none" }} aria-label={words.unserved}>
            {result.unserved.map((u, index) => (
              <li key={index}>
                <Text size="sm">
                  <b>{texts.unservedRow(u.target, attackTypeLabels[u.type], u.planned, u.requested)}</b> – {words.reason(u.reason)}
                </Text>
              </li>
            ))}
          </Stack>
        </Alert>
      )}
      {result.unknownCoords.length > 0 && (
        <div>
          <Text size="sm" fw={500} mb={4}>
            {texts.unknownCoords} ({result.unknownCoords.length})
          </Text>
          <Group gap={4} aria-label={texts.unknownCoords}>
            {result.unknownCoords.map((coord) => (
              <Code key={coord}>{coord}</Code>
            ))}
          </Group>
        </div>
      )}
    </Stack>
  );
}
