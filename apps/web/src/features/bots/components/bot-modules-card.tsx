// The 16 modules of a bot with enable switches (optimistic, rolled back on failure) and page links.
import { moduleNames, moduleRegistry, type Dsbot, type ModuleName } from "@dsbot/protocol";
import { ActionIcon, Anchor, Group, SimpleGrid, Stack, Switch, Text, ThemeIcon } from "@mantine/core";
import { IconChevronRight } from "@tabler/icons-react";
import { useQueryClient } from "@tanstack/react-query";
import { Link } from "react-router";
import { AppIcon } from "@/components/ui/app-icon";
import { SectionCard } from "@/components/ui/section-card";
import { paths } from "@/config/paths";
import { alert } from "@/lib/alerts";
import { alertError } from "@/lib/api-error-message";
import { setBotModuleEnabled } from "../api/bot-cache";
import { botKeys, toggleBotModule } from "../api/bots-api";
import { confirmRenamerOn } from "../modules/renamer-confirm";
import { botTexts } from "../texts";
import classes from "./bots.module.css";

export function useToggleModule(bot: Pick<Dsbot, "id" | "modules">) {
  const client = useQueryClient();
  return async (name: ModuleName) => {
    const before = bot.modules.find((m) => m.name === name)?.enabled ?? false;
    // The Umbenenner renames in the game: the player sees what it would change before it starts.
    if (name === "renamer" && !before && !(await confirmRenamerOn(client, bot.id))) return;
    setBotModuleEnabled(client, bot.id, name, !before);
    try {
      const { enabled } = await toggleBotModule(bot.id, name);
      setBotModuleEnabled(client, bot.id, name, enabled);
      void client.invalidateQueries({ queryKey: botKeys.module(bot.id, name) });
      void client.invalidateQueries({ queryKey: botKeys.botLogs(bot.id) });
      const label = moduleRegistry[name].label;
      alert.success(enabled ? botTexts.moduleEnabled(label) : botTexts.moduleDisabled(label));
    } catch (error) {
      setBotModuleEnabled(client, bot.id, name, before);
      alertError(error);
    }
  };
}

export function BotModulesCard({ bot }: { bot: Dsbot }) {
  const toggle = useToggleModule(bot);
  return (
    <SectionCard title={botTexts.modules} description={botTexts.modulesHint}>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="xs">
        {moduleNames.map((name) => {
          const meta = moduleRegistry[name];
          const enabled = bot.modules.find((m) => m.name === name)?.enabled ?? false;
          return (
            <Group key={name} className={classes.moduleRow} gap="sm" wrap="nowrap" justify="space-between" data-module={name}>
              <Group gap="sm" wrap="nowrap" style={{ minWidth: 0 }}>
                <ThemeIcon size={30} radius="md" variant="light" color={enabled ? "ember" : "gray"}>
                  <AppIcon name={meta.icon} size={17} />
                </ThemeIcon>
                <Stack gap={0} style={{ minWidth: 0 }}>
                  <Anchor component={Link} to={paths.botModule(bot.id, name)} size="sm" fw={600} c="gray.0" underline="hover">
                    {meta.label}
                  </Anchor>
                  <Text size="xs" c="dimmed" truncate>
                    {meta.description}
                  </Text>
                </Stack>
              </Group>
              <Group gap={4} wrap="nowrap">
                <Switch checked={enabled} onChange={() => void toggle(name)} aria-label={botTexts.moduleToggle(meta.label)} />
                <ActionIcon component={Link} to={paths.botModule(bot.id, name)} variant="subtle" color="gray" aria-label={botTexts.moduleOpen(meta.label)}>
                  <IconChevronRight size={16} />
                </ActionIcon>
              </Group>
            </Group>
          );
        })}
      </SimpleGrid>
    </SectionCard>
  );
}
