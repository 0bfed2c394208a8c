// The card shell of one download: title with icon, description, and the `?script=` highlight (accent
// border, `aria-current`, `data-highlighted`); a highlighted card scrolls itself into view.
import { Card, Group, Stack, Text, ThemeIcon, Title } from "@mantine/core";
import { useEffect, useId, useRef, type ReactNode } from "react";
import classes from "./download-card.module.css";

export interface DownloadCardProps {
  title: string;
  icon: ReactNode;
  description: ReactNode;
  highlighted: boolean;
  /** Shown next to the title while highlighted (e.g. a badge). */
  badge?: ReactNode;
  children?: ReactNode;
}

function scrollToCard(element: HTMLElement | null): void {
  // jsdom (and very old browsers) have no scrollIntoView.
  if (!element || typeof element.scrollIntoView !== "function") return;
  const reduceMotion = typeof window.matchMedia === "function" && window.matchMedia("(prefers-reduced-motion: reduce)").matches;
  element.scrollIntoView({ behavior: reduceMotion ? "auto" : "smooth", block: "start" });
}

export function DownloadCard({ title, icon, description, highlighted, badge, children }: DownloadCardProps) {
  const titleId = useId();
  const ref = useRef<HTMLElement>(null);

  useEffect(() => {
    if (highlighted) scrollToCard(ref.current);
  }, [highlighted]);

  return (
    <Card
      component="section"
      ref={ref}
      className={classes.card}
      aria-labelledby={titleId}
      aria-current={highlighted ? "true" : undefined}
      data-highlighted={highlighted || undefined}
    >
      <Stack gap="md">
        <Group gap="sm" align="flex-start" wrap="nowrap">
          <ThemeIcon variant="light" size={40} radius="md" aria-hidden>
            {icon}
          </ThemeIcon>
          <Stack gap={2} className={classes.heading}>
            <Group gap="xs">
              <Title order={2} size="h4" id={titleId}>
                {title}
              </Title>
              {highlighted && badge}
            </Group>
            <Text size="sm" c="dimmed">
              {description}
            </Text>
          </Stack>
        </Group>
        {children}
      </Stack>
    </Card>
  );
}
