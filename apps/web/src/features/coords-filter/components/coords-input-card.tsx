// "Text": the pasted text (kept in the browser) and how many coordinates it holds.
import { Text, Textarea } from "@mantine/core";
import { SectionCard } from "@/components/ui/section-card";
import { useCoordsFilterStore } from "../stores/coords-filter-store";
import { coordsFilterTexts as texts } from "../texts";

export function CoordsInputCard({ found }: { found: number }) {
  const text = useCoordsFilterStore((state) => state.text);
  const setText = useCoordsFilterStore((state) => state.setText);
  return (
    <SectionCard title={texts.input.title} description={texts.input.description}>
      <Textarea
        label={texts.input.label}
        placeholder={texts.input.placeholder}
        value={text}
        onChange={(event) => setText(event.currentTarget.value)}
        autosize
        minRows={6}
        maxRows={16}
        spellCheck={false}
        styles={{ input: { fontFamily: "var(--mantine-font-family-monospace)" } }}
      />
      <Text size="sm" c="dimmed" aria-live="polite">
        {texts.input.found(found)}
      </Text>
    </SectionCard>
  );
}
