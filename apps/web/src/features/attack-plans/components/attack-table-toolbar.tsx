// Search, "Nur offene" (planned and due only, one click; on by default), status filter, column menu and
// reset above the attack table. The filter is kept with the other table preferences, so the choice
// survives a reload.
import { attackStatuses, attackStatusLabels, type AttackStatus } from "@dsbot/protocol";
import { Button, Checkbox, Group, Popover, Stack, Text, TextInput } from "@mantine/core";
import { IconClockHour4, IconColumns, IconFilter, IconRestore, IconSearch } from "@tabler/icons-react";
import { isOpenOnly, openAttackStatuses } from "../stores/attack-table-store";
import { attackPlanTexts as texts } from "../texts";
import { attackColumns } from "./attack-columns";
import classes from "./attack-plans.module.css";

const statusOptions = attackStatuses.map((status) => ({ value: status, label: attackStatusLabels[status] }));

// The filter is a compact button ("Status: alle"), like the column menu, so the toolbar stays one row.

interface AttackTableToolbarProps {
  search: string;
  onSearchChange: (value: string) => void;
  statusFilter: AttackStatus[];
  onStatusFilterChange: (value: AttackStatus[]) => void;
  hiddenColumns: string[];
  onToggleColumn: (id: string) => void;
  onReset: () => void;
}

export function AttackTableToolbar(props: AttackTableToolbarProps) {
  const { search, onSearchChange, statusFilter, onStatusFilterChange, hiddenColumns, onToggleColumn, onReset } = props;
  return (
    <Group className={classes.toolbar} gap="sm" align="flex-end" wrap="wrap">
      <TextInput
        aria-label={texts.searchLabel}
        placeholder={texts.tableSearchPlaceholder}
        leftSection={<IconSearch size={16} />}
        value={search}
        onChange={(event) => onSearchChange(event.currentTarget.value)}
        className={classes.search}
      />
      <Group gap="xs" wrap="wrap" className={classes.toolbarButtons}>
        <Button
          variant={isOpenOnly(statusFilter) ? "light" : "default"}
          leftSection={<IconClockHour4 size={16} />}
          aria-pressed={isOpenOnly(statusFilter)}
          onClick={() => onStatusFilterChange(isOpenOnly(statusFilter) ? [...attackStatuses] : [...openAttackStatuses])}
          data-testid="attack-open-only"
        >
          {texts.openOnly}
        </Button>
        <Popover position="bottom-end" withinPortal trapFocus>
          <Popover.Target>
            <Button variant="default" leftSection={<IconFilter size={16} />} aria-label={texts.statusFilterLabel} data-testid="attack-status-filter">
              {texts.statusFilterButton(statusFilter.length, attackStatuses.length)}
            </Button>
          </Popover.Target>
          <Popover.Dropdown>
            <Stack gap="xs" role="group" aria-label={texts.statusFilterLabel}>
              <Text size="xs" c="dimmed" fw={600}>
                {texts.statusFilterLabel}
              </Text>
              {statusOptions.map((option) => (
                <Checkbox
                  key={option.value}
                  label={option.label}
                  checked={statusFilter.includes(option.value)}
                  onChange={() =>
                    onStatusFilterChange(
                      statusFilter.includes(option.value)
                        ? statusFilter.filter((s) => s !== option.value)
                        : attackStatuses.filter((s) => s === option.value || statusFilter.includes(s)),
                    )
                  }
                />
              ))}
            </Stack>
          </Popover.Dropdown>
        </Popover>
        <Popover position="bottom-end" withinPortal trapFocus>
          <Popover.Target>
            <Button variant="default" leftSection={<IconColumns size={16} />} aria-label={texts.columnsMenuLabel} data-testid="attack-columns-menu">
              {texts.columnsMenu}
            </Button>
          </Popover.Target>
          <Popover.Dropdown>
            <Stack gap="xs" role="group" aria-label={texts.columnsMenuLabel}>
              <Text size="xs" c="dimmed" fw={600}>
                {texts.columnsMenuLabel}
              </Text>
              {attackColumns
                .filter((column) => column.hideable)
                .map((column) => (
                  <Checkbox
                    key={column.id}
                    label={column.label}
                    checked={!hiddenColumns.includes(column.id)}
                    onChange={() => onToggleColumn(column.id)}
                    data-testid={`attack-column-toggle-${column.id}`}
                  />
                ))}
            </Stack>
          </Popover.Dropdown>
        </Popover>
        <Button variant="subtle" color="gray" leftSection={<IconRestore size={16} />} onClick={onReset} data-testid="attack-table-reset">
          {texts.resetTable}
        </Button>
      </Group>
    </Group>
  );
}
