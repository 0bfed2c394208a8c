// "Kürzlich gesucht": label, a chip with the kind's icon and name, the date
// (DD.MM.YYYY HH:mm) and a delete button; a click opens the saved route.
import { ActionIcon, Badge, Text } from "@mantine/core";
import { IconHistory, IconX } from "@tabler/icons-react";
import { AppIcon } from "@/components/ui/app-icon";
import { formatDateLong } from "@/lib/dates";
import { routeKey, type RecentSearch } from "../stores/recent-searches-store";
import { searchTexts } from "../texts";
import classes from "./search-dialog.module.css";
import { SearchOption } from "./search-option";

export interface RecentSearchesProps {
  listboxId: string;
  entries: RecentSearch[];
  activeKey: string | undefined;
  optionId: (entry: RecentSearch) => string;
  onOpen: (entry: RecentSearch) => void;
  onHover: (entry: RecentSearch) => void;
  onRemove: (entry: RecentSearch) => void;
}

export function RecentSearches({ listboxId, entries, activeKey, optionId, onOpen, onHover, onRemove }: RecentSearchesProps) {
  const headingId = `${listboxId}-recent`;
  return (
    <div className={classes.group} data-group="recent">
      <Text id={headingId} className={classes.groupTitle}>
        {searchTexts.recent}
      </Text>
      {entries.length === 0 ? (
        <div className={classes.recentEmpty}>
          <IconHistory size={26} stroke={1.5} />
          <Text size="sm">{searchTexts.noRecent}</Text>
        </div>
      ) : (
        <div id={listboxId} role="listbox" aria-labelledby={headingId} className={classes.listbox}>
          {entries.map((entry) => {
            const key = routeKey(entry.routerLink);
            return (
              <div key={key} className={classes.recentRow}>
                <SearchOption
                  id={optionId(entry)}
                  label={entry.label}
                  icon={<IconHistory size={18} stroke={1.7} />}
                  active={key === activeKey}
                  onSelect={() => onOpen(entry)}
                  onHover={() => onHover(entry)}
                  extra={
                    <span className={classes.recentMeta}>
                      <Badge
                        variant="light"
                        color="gray"
                        radius="sm"
                        size="sm"
                        leftSection={<AppIcon name={entry.icon} size={12} stroke={1.8} />}
                        className={classes.recentChip}
                      >
                        {entry.routeLabel}
                      </Badge>
                      <Text size="xs" c="dimmed" className={classes.recentDate} data-testid="recent-search-date">
                        {formatDateLong(entry.date)}
                      </Text>
                    </span>
                  }
                />
                <ActionIcon
                  variant="subtle"
                  color="gray"
                  size="md"
                  radius="md"
                  aria-label={searchTexts.removeRecent}
                  className={classes.recentRemove}
                  onClick={() => onRemove(entry)}
                >
                  <IconX size={15} />
                </ActionIcon>
              </div>
            );
          })}
        </div>
      )}
    </div>
  );
}
