// A dialog to paste a text copied out of the game (an SOS request, the troops overview): a large text
// field, a hint where to copy it, and the server's problems listed by line when it took nothing (the
// text stays for fixing). Used by Eingehende Angriffe and Truppen. With `repeatedHourZone`, a text whose
// times lie in the repeated autumn hour asks once which occurrence they mean, sent with the text.
import type { RepeatedHour } from "@dsbot/protocol";
import { Alert, Button, Group, List, Modal, ScrollArea, Stack, Text, Textarea } from "@mantine/core";
import { IconAlertTriangle } from "@tabler/icons-react";
import { useState } from "react";
import { commonTexts } from "@/config/texts";
import { ApiError } from "@/lib/api";
import { errorMessage } from "@/lib/api-error-message";
import { RepeatedHourImportChoice } from "./repeated-hour-choice";

export interface PasteImportTexts {
  title: string;
  label: string;
  hint: string;
  submit: string;
  problems: (n: number) => string;
}

interface PasteImportModalProps {
  opened: boolean;
  onClose: () => void;
  texts: PasteImportTexts;
  /** Sends the text (and the occurrence chosen for times in the repeated autumn hour); resolves with the success message, rejects with the server's error. */
  onImport: (text: string, options: { repeatedHour?: RepeatedHour }) => Promise<string>;
  onImported: (message: string) => void;
  /** The world's server time zone, when the text carries server times (an SOS request's arrivals). */
  repeatedHourZone?: string;
}

function Problems({ error, texts }: { error: unknown; texts: PasteImportTexts }) {
  const issues = error instanceof ApiError ? error.issues : [];
  // An issue without a path says why the lines below were refused; it is no problem of its own.
  const reasons = issues.filter((i) => i.path === "").map((i) => i.message);
  const byLine = issues.filter((i) => i.path !== "").map((i) => i.message);
  const lines = byLine.length > 0 ? byLine : reasons.length > 0 ? [] : [errorMessage(error)];
  return (
    <Alert color="red" variant="light" icon={<IconAlertTriangle size={18} />} title={texts.problems(Math.max(lines.length, 1))} role="alert">
      {reasons.map((reason, i) => (
        <Text key={i} size="sm" mb={4}>
          {reason}
        </Text>
      ))}
      <ScrollArea.Autosize mah={180} type="auto">
        <List size="sm" spacing={2}>
          {lines.map((line, i) => (
            <List.Item key={i}>{line}</List.Item>
          ))}
        </List>
      </ScrollArea.Autosize>
    </Alert>
  );
}

export function PasteImportModal({ opened, onClose, texts, onImport, onImported, repeatedHourZone }: PasteImportModalProps) {
  const [text, setText] = useState("");
  const [repeatedHour, setRepeatedHour] = useState<RepeatedHour | null>(null);
  const [error, setError] = useState<unknown>(null);
  const [pending, setPending] = useState(false);
  const submit = async () => {
    setPending(true);
    setError(null);
    try {
      const message = await onImport(text, repeatedHour ? { repeatedHour } : {});
      setText("");
      onImported(message);
      onClose();
    } catch (caught) {
      setError(caught);
    } finally {
      setPending(false);
    }
  };
  return (
    <Modal opened={opened} onClose={onClose} title={texts.title} size="lg" closeButtonProps={{ "aria-label": commonTexts.close }}>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          void submit();
        }}
      >
        <Stack gap="sm">
          <Text size="sm" c="dimmed">
            {texts.hint}
          </Text>
          <Textarea
            label={texts.label}
            value={text}
            onChange={(event) => setText(event.currentTarget.value)}
            autosize
            minRows={8}
            maxRows={16}
            spellCheck={false}
            styles={{ input: { fontFamily: "var(--mantine-font-family-monospace)", fontSize: 12 } }}
            data-autofocus
          />
          {repeatedHourZone !== undefined && <RepeatedHourImportChoice text={text} zone={repeatedHourZone} value={repeatedHour} onChange={setRepeatedHour} />}
          {error !== null && <Problems error={error} texts={texts} />}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {commonTexts.cancel}
            </Button>
            <Button type="submit" loading={pending} disabled={text.trim() === ""}>
              {texts.submit}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
