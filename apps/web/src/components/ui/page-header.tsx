// Page header widget: title, optional icon, subtitle and a back button (one step back).
import { Button, Group, Stack, Text, ThemeIcon, Title } from "@mantine/core";
import { IconArrowLeft } from "@tabler/icons-react";
import type { ReactNode } from "react";
import { useNavigate } from "react-router";
import { paths } from "@/config/paths";
import { commonTexts } from "@/config/texts";
import { AppIcon } from "./app-icon";
import classes from "./page-header.module.css";

export interface PageHeaderProps {
  title: ReactNode;
  /** Tabler icon name. */
  icon?: string;
  subtitle?: ReactNode;
  /** Hide the back button. */
  hideBack?: boolean;
  /** Buttons on the right (e.g. "Benutzer anlegen"). */
  actions?: ReactNode;
}

export function PageHeader({ title, icon, subtitle, hideBack = false, actions }: PageHeaderProps) {
  const navigate = useNavigate();
  // One step back in history; a tab opened directly on this page has nothing to go back to.
  const goBack = () => {
    const idx = (window.history.state as { idx?: number } | null)?.idx ?? 0;
    void (idx > 0 ? navigate(-1) : navigate(paths.dashboard));
  };
  return (
    <div className={classes.root}>
      {!hideBack && (
        <Button
          variant="subtle"
          color="gray"
          size="compact-sm"
          leftSection={<IconArrowLeft size={16} />}
          onClick={goBack}
          className={classes.back}
        >
          {commonTexts.back}
        </Button>
      )}
      <Group justify="space-between" align="flex-start" gap="md" wrap="wrap">
        <Group gap="md" wrap="nowrap" align="center" className={classes.titleGroup}>
          {icon && (
            <ThemeIcon size={48} radius="md" variant="light" className={classes.icon}>
              <AppIcon name={icon} size={26} stroke={1.7} />
            </ThemeIcon>
          )}
          <Stack gap={2} className={classes.text}>
            <Title order={1} className={classes.title}>
              {title}
            </Title>
            {subtitle && (
              <Text c="dimmed" size="sm" className={classes.subtitle}>
                {subtitle}
              </Text>
            )}
          </Stack>
        </Group>
        {actions && <Group gap="sm">{actions}</Group>}
      </Group>
    </div>
  );
}
