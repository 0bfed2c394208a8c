// The Module column: count of enabled modules and their icons (label in a tooltip).
import { moduleNames, moduleRegistry, type Dsbot } from "@dsbot/protocol";
import { Group, Text, ThemeIcon } from "@mantine/core";
import { AppIcon } from "@/components/ui/app-icon";
import { Tooltip } from "@/components/ui/tooltip";
import { botTexts } from "../texts";

const MAX_ICONS = 5;

export function BotModulesCell({ modules }: { modules: Dsbot["modules"] }) {
  const enabled = modules.filter((m) => m.enabled && Object.hasOwn(moduleRegistry, m.name));
  const shown = enabled.slice(0, MAX_ICONS);
  return (
    <Group gap={6} wrap="nowrap" aria-label={botTexts.modulesCount(enabled.length, moduleNames.length)}>
      <Text size="sm" fw={600} c={enabled.length ? undefined : "dimmed"} style={{ whiteSpace: "nowrap" }}>
        {enabled.length}/{moduleNames.length}
      </Text>
      {shown.map((m) => (
        <Tooltip key={m.name} label={moduleRegistry[m.name].label}>
          <ThemeIcon size={22} radius="sm" variant="light" color="ember">
            <AppIcon name={moduleRegistry[m.name].icon} size={14} />
          </ThemeIcon>
        </Tooltip>
      ))}
      {enabled.length > MAX_ICONS && (
        <Text size="xs" c="dimmed">
          +{enabled.length - MAX_ICONS}
        </Text>
      )}
    </Group>
  );
}
