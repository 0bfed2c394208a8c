// The dsbot mark (a fortress on an ember tile) with the optional product title.
import { Group, Text } from "@mantine/core";
import { commonTexts } from "@/config/texts";
import classes from "./logo.module.css";

export function LogoMark({ size = 32 }: { size?: number }) {
  return (
    <svg width={size} height={size} viewBox="0 0 64 64" aria-hidden focusable="false" className={classes.mark}>
      <defs>
        <linearGradient id="dsbot-logo-gradient" x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stopColor="#ffb16b" />
          <stop offset="1" stopColor="#df6300" />
        </linearGradient>
      </defs>
      <rect width="64" height="64" rx="16" fill="url(#dsbot-logo-gradient)" />
      <path d="M14 46V26l8 5V20l10 6 10-6v11l8-5v20z" fill="#1b130c" />
      <rect x="28" y="36" width="8" height="10" rx="4" fill="#ffb16b" />
    </svg>
  );
}

export function Logo({ size = 32, withTitle = true }: { size?: number; withTitle?: boolean }) {
  return (
    <Group gap={10} wrap="nowrap" className={classes.root}>
      <LogoMark size={size} />
      {withTitle && <Text className={classes.title}>{commonTexts.productName}</Text>}
    </Group>
  );
}
