// Copies a value to the clipboard and confirms with a success alert.
import { ActionIcon, type ActionIconProps } from "@mantine/core";
import { IconCheck, IconCopy } from "@tabler/icons-react";
import { useEffect, useState } from "react";
import { commonTexts } from "@/config/texts";
import { alert } from "@/lib/alerts";
import { Tooltip } from "./tooltip";

export interface CopyButtonProps extends Omit<ActionIconProps, "children"> {
  value: string;
  /** Accessible name and tooltip (default "Kopieren"). */
  label?: string;
}

export async function copyToClipboard(value: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(value);
    alert.success(commonTexts.copied);
    return true;
  } catch (error) {
    console.warn("[copy] clipboard write failed", error);
    alert.danger(commonTexts.copyFailed);
    return false;
  }
}

export function CopyButton({ value, label = commonTexts.copy, ...props }: CopyButtonProps) {
  const [copied, setCopied] = useState(false);

  useEffect(() => {
    if (!copied) return;
    const timer = window.setTimeout(() => setCopied(false), 1500);
    return () => window.clearTimeout(timer);
  }, [copied]);

  return (
    <Tooltip label={label}>
      <ActionIcon
        variant="subtle"
        color={copied ? "teal" : "gray"}
        aria-label={label}
        onClick={() => void copyToClipboard(value).then(setCopied)}
        {...props}
      >
        {copied ? <IconCheck size={16} /> : <IconCopy size={16} />}
      </ActionIcon>
    </Tooltip>
  );
}
