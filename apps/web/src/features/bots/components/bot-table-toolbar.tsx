// Search, status filter, column menu and reset above the bot table.
import { botStatusFilterOrder, type BotStatus } from "@dsbot/protocol";
import { Button, Checkbox, Group, MultiSelect, Popover, Stack, Text, TextInput } from "@mantine/core";
import { IconColumns, IconRestore, IconSearch } from "@tabler/icons-react";
import { botTexts, botStatusLabels } from "../texts";
import { botColumns } from "./bots-table";
import classes from "./bots.module.css";

const statusOptions = botStatusFilterOrder.map((status) => ({ value: status, label: botStatusLabels[status] }));

interface BotTableToolbarProps {
  search: string;
  onSearchChange: (value: string) => void;
  statusFilter: BotStatus[];
  onStatusFilterChange: (value: BotStatus[]) => void;
  hiddenColumns: string[];
  onToggleColumn: (id: string) => void;
  onReset: () => void;
}

export function BotTableToolbar(props: BotTableToolbarProps) {
  const { search, onSearchChange, statusFilter, onStatusFilterChange, hiddenColumns, onToggleColumn, onReset } = props;
  return (
    <Group className={classes.toolbar} gap="sm" align="flex-end" wrap="wrap">
      <TextInput
        aria-label={botTexts.searchLabel}
        placeholder={botTexts.searchPlaceholder}
        leftSection={<IconSearch size={16} />}
        value={search}
        onChange={(event) => onSearchChange(event.currentTarget.value)}
        className={classes.search}
      />
      <MultiSelect
        aria-label={botTexts.statusFilterLabel}
        placeholder={statusFilter.length ? undefined : botTexts.statusFilterPlaceholder}
        data={statusOptions}
        value={statusFilter}
        onChange={(value) => onStatusFilterChange(value as BotStatus[])}
        className={classes.statusFilter}
        clearable
      />
      <Group gap="xs" wrap="nowrap" className={classes.toolbarButtons}>
        <Popover position="bottom-end" withinPortal trapFocus>
          <Popover.Target>
            <Button variant="default" leftSection={<IconColumns size={16} />} aria-label={botTexts.columnsMenuLabel}>
              {botTexts.columnsMenu}
            </Button>
          </Popover.Target>
          <Popover.Dropdown>
            <Stack gap="xs" role="group" aria-label={botTexts.columnsMenuLabel}>
              <Text size="xs" c="dimmed" fw={600}>
                {botTexts.columnsMenuLabel}
              </Text>
              {botColumns.map((column) => (
                <Checkbox
                  key={column.id}
                  label={column.label}
                  checked={!hiddenColumns.includes(column.id)}
                  onChange={() => onToggleColumn(column.id)}
                />
              ))}
            </Stack>
          </Popover.Dropdown>
        </Popover>
        <Button variant="subtle" color="gray" leftSection={<IconRestore size={16} />} onClick={onReset}>
          {botTexts.resetTable}
        </Button>
      </Group>
    </Group>
  );
}
