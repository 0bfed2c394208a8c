// What the dialog shows below the input: skeletons while loading, the result groups, the "nothing
// found" text, or the recent searches.
import { Skeleton, Stack, Text } from "@mantine/core";
import { IconAlertTriangle, IconSearchOff } from "@tabler/icons-react";
import { isEmptyGroups, type SearchGroupKey, type SearchItem } from "../api/search-items";
import { routeKey, type RecentSearch } from "../stores/recent-searches-store";
import { searchTexts } from "../texts";
import { RecentSearches } from "./recent-searches";
import classes from "./search-dialog.module.css";
import { SearchResults } from "./search-results";

export interface SearchBodyProps {
  listboxId: string;
  blank: boolean;
  loading: boolean;
  error: string | null;
  groups: Record<SearchGroupKey, SearchItem[]> | null;
  recent: RecentSearch[];
  showRecent: boolean;
  activeKey: string | undefined;
  optionId: (key: string) => string;
  onOpenItem: (item: SearchItem) => void;
  onOpenRecent: (entry: RecentSearch) => void;
  onHover: (key: string) => void;
  onRemoveRecent: (entry: RecentSearch) => void;
}

function SearchSkeleton() {
  return (
    <Stack gap="lg" p="md" aria-busy="true" aria-label={searchTexts.loading} data-testid="search-skeleton">
      {[0, 1, 2].map((group) => (
        <Stack key={group} gap={10}>
          <Skeleton height={12} width={120} radius="sm" />
          <Skeleton height={36} radius="md" />
          {group === 0 && <Skeleton height={36} radius="md" />}
        </Stack>
      ))}
    </Stack>
  );
}

function Message({ icon, text }: { icon: React.ReactNode; text: string }) {
  return (
    <div className={classes.message}>
      {icon}
      <Text size="sm">{text}</Text>
    </div>
  );
}

export function SearchBody(props: SearchBodyProps) {
  const { listboxId, blank, loading, error, groups, recent, showRecent, activeKey, optionId } = props;
  if (loading) return <SearchSkeleton />;
  if (error && !blank) return <Message icon={<IconAlertTriangle size={26} stroke={1.5} />} text={error} />;
  if (groups && isEmptyGroups(groups)) return <Message icon={<IconSearchOff size={26} stroke={1.5} />} text={searchTexts.noResults} />;
  if (groups) {
    return (
      <SearchResults
        listboxId={listboxId}
        groups={groups}
        activeKey={activeKey}
        optionId={(item) => optionId(item.key)}
        onOpen={props.onOpenItem}
        onHover={(item) => props.onHover(item.key)}
      />
    );
  }
  if (showRecent) {
    return (
      <RecentSearches
        listboxId={listboxId}
        entries={recent}
        activeKey={activeKey}
        optionId={(entry) => optionId(routeKey(entry.routerLink))}
        onOpen={props.onOpenRecent}
        onHover={(entry) => props.onHover(routeKey(entry.routerLink))}
        onRemove={props.onRemoveRecent}
      />
    );
  }
  return null;
}
