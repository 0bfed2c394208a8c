// The three result groups: "Bots (n)", "Angriffspläne (n)", "Downloads (n)", each with
// its items or its own empty text.
import { Text } from "@mantine/core";
import { AppIcon } from "@/components/ui/app-icon";
import type { SearchGroupKey, SearchItem } from "../api/search-items";
import { searchTexts } from "../texts";
import classes from "./search-dialog.module.css";
import { SearchOption } from "./search-option";

const groups: { key: SearchGroupKey; title: (n: number) => string; empty: string }[] = [
  { key: "dsbots", title: searchTexts.bots, empty: searchTexts.noBots },
  { key: "attackPlans", title: searchTexts.attackPlans, empty: searchTexts.noAttackPlans },
  { key: "downloads", title: searchTexts.downloads, empty: searchTexts.noDownloads },
];

export interface SearchResultsProps {
  listboxId: string;
  groups: Record<SearchGroupKey, SearchItem[]>;
  activeKey: string | undefined;
  optionId: (item: SearchItem) => string;
  onOpen: (item: SearchItem) => void;
  onHover: (item: SearchItem) => void;
}

export function SearchResults({ listboxId, groups: items, activeKey, optionId, onOpen, onHover }: SearchResultsProps) {
  return (
    <div id={listboxId} role="listbox" aria-label={searchTexts.results} className={classes.listbox}>
      {groups.map((group) => {
        const list = items[group.key];
        const headingId = `${listboxId}-${group.key}`;
        return (
          <div key={group.key} role="group" aria-labelledby={headingId} className={classes.group} data-group={group.key}>
            <Text id={headingId} className={classes.groupTitle}>
              {group.title(list.length)}
            </Text>
            {list.length === 0 ? (
              <Text size="sm" c="dimmed" className={classes.groupEmpty}>
                {group.empty}
              </Text>
            ) : (
              list.map((item) => (
                <SearchOption
                  key={item.key}
                  id={optionId(item)}
                  label={item.label}
                  icon={<AppIcon name={item.icon} size={18} stroke={1.7} />}
                  description={item.description}
                  active={item.key === activeKey}
                  onSelect={() => onOpen(item)}
                  onHover={() => onHover(item)}
                />
              ))
            )}
          </div>
        );
      })}
    </div>
  );
}
