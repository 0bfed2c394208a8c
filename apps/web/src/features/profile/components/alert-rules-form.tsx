// Wann melden? Per event: on or off, which channels (none chosen: every channel that is on), the least
// gap between two messages, for the events told ahead the minutes before the arrival or send time, for the
// daily report its time of day (no gap: one message per bot); the quiet hours in the world's server time,
// which only noble trains and bot protection pass. Checked with the server's own schema; saved together.
import type { AlertChannel, AlertRulesResponse, AlertRulesUpdate } from "@dsbot/protocol";
import { ALERT_REPORT_DEFAULT_AT, alertEventLabels, alertLeadDefaultMinutes, alertRuleMessages, alertRulesUpdateSchema } from "@dsbot/protocol";
import { zodResolver } from "@hookform/resolvers/zod";
import { Button, Checkbox, Group, Loader, MultiSelect, NumberInput, Stack, Switch, Table, Text, TextInput } from "@mantine/core";
import { useQuery } from "@tanstack/react-query";
import { Controller, useForm, useWatch } from "react-hook-form";
import { ErrorState } from "@/components/ui/states";
import { alert } from "@/lib/alerts";
import { alertError, errorMessage } from "@/lib/api-error-message";
import { applyServerIssues } from "@/lib/form-errors";
import { alertRulesQueryOptions, useSaveAlertRules } from "../api/alerts-api";
import { alertTexts as texts } from "../texts";

const QUIET_DEFAULT = { from: "22:00", to: "07:00" };

function RulesForm({ saved, channels }: { saved: AlertRulesResponse; channels: AlertChannel[] }) {
  const save = useSaveAlertRules();
  const { control, handleSubmit, setValue, setError, formState } = useForm<AlertRulesUpdate>({
    resolver: zodResolver(alertRulesUpdateSchema),
    values: { rules: saved.rules, quietHours: saved.quietHours },
  });
  const quietHours = useWatch({ control, name: "quietHours" });
  const channelOptions = channels.map((c) => ({ value: String(c.id), label: c.name }));

  const submit = handleSubmit(async (body) => {
    try {
      await save.mutateAsync(body);
      alert.success(alertRuleMessages.saved);
    } catch (error) {
      if (!applyServerIssues(error, setError, ["quietHours.from", "quietHours.to"])) alertError(error);
    }
  });

  return (
    <form onSubmit={(event) => void submit(event)} noValidate aria-label={texts.rulesLabel}>
      <Stack gap="sm">
        <Table.ScrollContainer minWidth={560}>
          <Table fz="sm" verticalSpacing={6}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{texts.event}</Table.Th>
                <Table.Th>{texts.channels}</Table.Th>
                <Table.Th w={120}>{texts.gap}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {saved.rules.map((rule, i) => {
                const label = alertEventLabels[rule.event];
                return (
                  <Table.Tr key={rule.event}>
                    <Table.Td>
                      <Controller
                        control={control}
                        name={`rules.${i}.enabled`}
                        render={({ field }) => <Switch label={label} aria-label={texts.eventOnLabel(label)} checked={field.value} onChange={(e) => field.onChange(e.currentTarget.checked)} />}
                      />
                      {alertLeadDefaultMinutes[rule.event] !== undefined && (
                        <Controller
                          control={control}
                          name={`rules.${i}.leadMinutes`}
                          render={({ field, fieldState }) => (
                            <NumberInput
                              mt={6}
                              size="xs"
                              w={160}
                              label={rule.event === "tab-request-due" ? texts.leadSend : texts.lead}
                              aria-label={texts.leadLabel(label)}
                              min={1}
                              clampBehavior="none"
                              allowDecimal={false}
                              value={field.value ?? ""}
                              onChange={(value) => field.onChange(typeof value === "number" ? value : Number.NaN)}
                              error={fieldState.error?.message}
                            />
                          )}
                        />
                      )}
                      {rule.event === "daily-report" && (
                        <Controller
                          control={control}
                          name={`rules.${i}.reportAt`}
                          render={({ field, fieldState }) => (
                            <TextInput
                              mt={6}
                              size="xs"
                              w={160}
                              label={texts.reportAt}
                              aria-label={texts.reportAtLabel(label)}
                              placeholder={ALERT_REPORT_DEFAULT_AT}
                              {...field}
                              value={field.value ?? ""}
                              error={fieldState.error?.message}
                            />
                          )}
                        />
                      )}
                    </Table.Td>
                    <Table.Td>
                      <Controller
                        control={control}
                        name={`rules.${i}.channelIds`}
                        render={({ field }) => (
                          <MultiSelect
                            aria-label={texts.channelsLabel(label)}
                            size="xs"
                            data={channelOptions}
                            placeholder={(field.value ?? []).length === 0 ? texts.allChannels : undefined}
                            value={(field.value ?? []).map(String)}
                            onChange={(values) => field.onChange(values.length === 0 ? null : values.map(Number))}
                          />
                        )}
                      />
                    </Table.Td>
                    <Table.Td>
                      {rule.event === "daily-report" ? (
                        <Text size="xs" c="dimmed">
                          {texts.noGap}
                        </Text>
                      ) : (
                        <Controller
                          control={control}
                          name={`rules.${i}.minGapSeconds`}
                          render={({ field, fieldState }) => (
                            <NumberInput
                              aria-label={texts.gapLabel(label)}
                              size="xs"
                              min={0}
                              allowDecimal={false}
                              value={field.value}
                              onChange={(value) => field.onChange(typeof value === "number" ? value : Number.NaN)}
                              error={fieldState.error?.message}
                            />
                          )}
                        />
                      )}
                    </Table.Td>
                  </Table.Tr>
                );
              })}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
        <Stack gap={4}>
          <Checkbox label={texts.quiet} checked={quietHours !== null} onChange={(e) => setValue("quietHours", e.currentTarget.checked ? QUIET_DEFAULT : null, { shouldDirty: true })} />
          {quietHours !== null && (
            <Group gap="sm" align="flex-start">
              {(["from", "to"] as const).map((end) => (
                <Controller
                  key={end}
                  control={control}
                  name={`quietHours.${end}`}
                  render={({ field, fieldState }) => (
                    <TextInput label={end === "from" ? texts.quietFrom : texts.quietTo} w={110} placeholder="22:00" {...field} value={field.value ?? ""} error={fieldState.error?.message} />
                  )}
                />
              ))}
            </Group>
          )}
          <Text size="xs" c="dimmed">
            {texts.quietHint(saved.zone)}
          </Text>
        </Stack>
        <Group justify="space-between" wrap="wrap">
          <Text size="xs" c="dimmed" maw={420}>
            {texts.rulesHint}
          </Text>
          <Button type="submit" loading={save.isPending} disabled={!formState.isDirty}>
            {texts.saveRules}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

export function AlertRulesSection({ channels }: { channels: AlertChannel[] }) {
  const query = useQuery(alertRulesQueryOptions);
  return (
    <Stack gap="xs">
      <Text fw={600} size="sm">
        {texts.rulesTitle}
      </Text>
      {query.isPending && <Loader size="sm" />}
      {query.isError && <ErrorState framed={false} message={errorMessage(query.error)} onRetry={() => void query.refetch()} />}
      {query.isSuccess && <RulesForm saved={query.data} channels={channels} />}
    </Stack>
  );
}
