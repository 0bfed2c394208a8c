// A command, a hash or an address in a monospace block with a copy button (copies exactly the text shown).
import { Code } from "@mantine/core";
import { CopyButton } from "@/components/ui/copy-button";
import classes from "./copyable-code.module.css";

export interface CopyableCodeProps {
  value: string;
  /** Accessible name and tooltip of the copy button, e.g. "Befehl zum Starten kopieren". */
  copyLabel: string;
  /** What the block holds (a `data-copyable` attribute, so tests and styles can tell them apart). */
  kind?: "command" | "hash" | "address";
}

export function CopyableCode({ value, copyLabel, kind = "command" }: CopyableCodeProps) {
  return (
    <div className={classes.block} data-copyable={kind}>
      <Code block className={classes.code}>
        {value}
      </Code>
      <CopyButton value={value} label={copyLabel} size="md" />
    </div>
  );
}
