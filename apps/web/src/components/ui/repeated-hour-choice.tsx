// The question a time in the repeated autumn hour needs: when the world's clock goes back from summer to
// winter time, one hour (Europe/Berlin: 02:00–02:59:59.999 on the last Sunday of October) comes twice,
// so such a time names two instants. Shown right by a typed time only when it lies in that hour
// (RepeatedHourField), and by an import whose text holds such times (RepeatedHourImportChoice); nothing
// is guessed — until the player chooses, the protocol's parse refuses the time with the same question.
import { repeatedHourChoice, repeatedHourTimesInText, type RepeatedHour } from "@dsbot/protocol";
import { Group, Radio } from "@mantine/core";
import { useDeferredValue, useMemo } from "react";

/** An import names at most this many of its repeated times ("…" for more). */
const IMPORT_TIMES_SHOWN = 3;

export const repeatedHourTexts = {
  single: (time: string) => `${time} gibt es zweimal (Umstellung auf Winterzeit). Welche ist gemeint?`,
  /** `more`: the text holds further such times. */
  import: (times: readonly string[], more: boolean) =>
    `Der Text enthält ${times.length === 1 && !more ? "eine Zeit" : "Zeiten"}, die es wegen der Umstellung auf Winterzeit zweimal gibt (${times.join(", ")}${
      more ? ", …" : ""
    }). Gemeint ist jeweils die:`,
} as const;

interface ChoiceProps {
  value: RepeatedHour | null | undefined;
  onChange: (value: RepeatedHour) => void;
}

function Choice({ label, labels, value, onChange, testId }: ChoiceProps & { label: string; labels: Record<RepeatedHour, string>; testId: string }) {
  return (
    <Radio.Group label={label} value={value ?? null} onChange={(next) => onChange(next as RepeatedHour)} size="xs" data-testid={testId}>
      <Group gap="md" mt={6}>
        <Radio value="first" label={labels.first} />
        <Radio value="second" label={labels.second} />
      </Group>
    </Radio.Group>
  );
}

/** Beside a typed time: the choice of occurrence when the text lies in the repeated autumn hour, else nothing. */
export function RepeatedHourField({ text, zone, value, onChange }: ChoiceProps & { text: string; zone: string }) {
  const choice = useMemo(() => repeatedHourChoice(text, zone), [text, zone]);
  if (!choice) return null;
  return <Choice label={repeatedHourTexts.single(choice.time)} labels={choice.labels} value={value} onChange={onChange} testId="repeated-hour-choice" />;
}

/** Above an import's submit: one choice for all its times in the repeated autumn hour, when it holds any. */
export function RepeatedHourImportChoice({ text, zone, value, onChange }: ChoiceProps & { text: string; zone: string }) {
  const deferred = useDeferredValue(text);
  const times = useMemo(() => repeatedHourTimesInText(deferred, zone, IMPORT_TIMES_SHOWN + 1), [deferred, zone]);
  const labels = useMemo(() => (times[0] ? repeatedHourChoice(times[0], zone)?.labels : undefined), [times, zone]);
  if (!labels) return null;
  const label = repeatedHourTexts.import(times.slice(0, IMPORT_TIMES_SHOWN), times.length > IMPORT_TIMES_SHOWN);
  return <Choice label={label} labels={labels} value={value} onChange={onChange} testId="repeated-hour-import-choice" />;
}
