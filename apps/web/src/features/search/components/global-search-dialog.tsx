// The global search dialog: at the top, ≤ 700px wide, ≤ 90% high; Ctrl/Cmd+K toggles it,
// any route change closes it, closing clears query and results after 300 ms. Arrow keys move through
// the results (or the recent searches), Enter opens the active one.
import { Box, CloseButton, Kbd, Modal, TextInput, UnstyledButton } from "@mantine/core";
import { useHotkeys } from "@mantine/hooks";
import { IconSearch } from "@tabler/icons-react";
import { useEffect, useId, useMemo, useRef, useState, type KeyboardEvent } from "react";
import { useLocation, useNavigate } from "react-router";
import { useSession } from "@/lib/session";
import { SEARCH_RESET_DELAY } from "../api/search-api";
import { linkToPath, searchItems, toRecentSearch, type SearchItem } from "../api/search-items";
import { useGlobalSearch } from "../api/use-global-search";
import { routeKey, useRecentSearches, useRecentSearchesStore, type RecentSearch } from "../stores/recent-searches-store";
import { useSearchDialog } from "../stores/search-dialog-store";
import { searchTexts } from "../texts";
import classes from "./search-dialog.module.css";
import { SearchBody } from "./search-body";

/** A navigable entry: a result (recorded as recent search when opened) or a recent search. */
type Entry = { kind: "result"; key: string; item: SearchItem } | { kind: "recent"; key: string; entry: RecentSearch };

function useCloseOnRouteChange(close: () => void): void {
  const location = useLocation();
  const first = useRef(true);
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    close();
  }, [location.pathname, location.search, close]);
}

export function GlobalSearchDialog() {
  const { opened, close, toggle } = useSearchDialog();
  const [query, setQuery] = useState("");
  const [activeIndex, setActiveIndex] = useState(0);
  const search = useGlobalSearch(query, opened);
  const recent = useRecentSearches();
  const userId = useSession((state) => state.user?.id);
  const navigate = useNavigate();
  const listboxId = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const blank = query.trim() === "";

  // Ctrl+K on every platform, ⌘K as well (macOS). Both spelled out rather than "mod", whose
  // meaning (⌘ only on macOS, or either key) differs between libraries. No ignored tags: the input too.
  useHotkeys(
    [
      ["ctrl+K", toggle],
      ["meta+K", toggle],
    ],
    [],
  );
  useCloseOnRouteChange(close);

  // The query and results are cleared 300 ms after closing (after the fade-out).
  useEffect(() => {
    if (opened) return;
    const timer = window.setTimeout(() => setQuery(""), SEARCH_RESET_DELAY);
    return () => window.clearTimeout(timer);
  }, [opened]);

  const groups = useMemo(() => (search.results && !blank ? searchItems(search.results) : null), [search.results, blank]);
  const showRecent = blank && !search.loading;
  const entries = useMemo<Entry[]>(() => {
    if (search.loading) return [];
    if (groups) return [...groups.dsbots, ...groups.attackPlans, ...groups.downloads].map((item) => ({ kind: "result", key: item.key, item }));
    if (showRecent) return recent.map((entry) => ({ kind: "recent", key: routeKey(entry.routerLink), entry }));
    return [];
  }, [groups, recent, showRecent, search.loading]);

  // A new list starts at its first entry.
  useEffect(() => setActiveIndex(0), [entries]);
  const active = entries[Math.min(activeIndex, entries.length - 1)];
  const optionId = (key: string) => `${listboxId}-option-${key}`;

  useEffect(() => {
    if (active) document.getElementById(optionId(active.key))?.scrollIntoView({ block: "nearest" });
    // optionId only depends on listboxId
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [active?.key]);

  const openEntry = (entry: Entry) => {
    if (entry.kind === "result") {
      if (userId !== undefined) useRecentSearchesStore.getState().add(userId, toRecentSearch(entry.item, new Date()));
      void navigate(linkToPath(entry.item.routerLink));
    } else {
      void navigate(linkToPath(entry.entry.routerLink));
    }
    close();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (entries.length === 0) return;
    if (event.key === "ArrowDown" || event.key === "ArrowUp") {
      event.preventDefault();
      const step = event.key === "ArrowDown" ? 1 : -1;
      setActiveIndex((index) => (Math.min(index, entries.length - 1) + step + entries.length) % entries.length);
    } else if (event.key === "Enter" && active && !event.nativeEvent.isComposing) {
      event.preventDefault();
      openEntry(active);
    }
  };

  const hoverKey = (key: string) => setActiveIndex(Math.max(0, entries.findIndex((entry) => entry.key === key)));
  const removeRecent = (entry: RecentSearch) => {
    if (userId !== undefined) useRecentSearchesStore.getState().remove(userId, entry.routerLink);
    inputRef.current?.focus();
  };

  return (
    <Modal.Root
      opened={opened}
      onClose={close}
      size={700}
      yOffset="5dvh"
      xOffset="8px"
      centered={false}
      returnFocus
      classNames={{ content: classes.content }}
    >
      <Modal.Overlay backgroundOpacity={0.6} blur={3} />
      <Modal.Content radius={15} aria-label={searchTexts.dialog}>
        <div className={classes.header}>
          <TextInput
            ref={inputRef}
            data-autofocus
            value={query}
            onChange={(event) => setQuery(event.currentTarget.value)}
            onKeyDown={onKeyDown}
            aria-label={searchTexts.input}
            placeholder={searchTexts.placeholder}
            variant="unstyled"
            size="md"
            className={classes.input}
            leftSection={<IconSearch size={19} stroke={1.8} />}
            rightSection={query ? <CloseButton size="sm" aria-label={searchTexts.clear} onClick={() => { setQuery(""); inputRef.current?.focus(); }} /> : null}
            role="combobox"
            aria-expanded={entries.length > 0}
            aria-controls={listboxId}
            aria-autocomplete="list"
            aria-activedescendant={active ? optionId(active.key) : undefined}
            autoComplete="off"
            spellCheck={false}
          />
          <UnstyledButton onClick={close} aria-label={searchTexts.close} className={classes.escape}>
            <Kbd size="xs">{searchTexts.escape}</Kbd>
          </UnstyledButton>
        </div>
        <Box className={classes.body}>
          <SearchBody
            listboxId={listboxId}
            blank={blank}
            loading={search.loading}
            error={search.error}
            groups={groups}
            recent={recent}
            showRecent={showRecent}
            activeKey={active?.key}
            optionId={optionId}
            onOpenItem={(item) => openEntry({ kind: "result", key: item.key, item })}
            onOpenRecent={(entry) => openEntry({ kind: "recent", key: routeKey(entry.routerLink), entry })}
            onHover={hoverKey}
            onRemoveRecent={removeRecent}
          />
        </Box>
        <div className={classes.footer} aria-hidden>
          <span><Kbd size="xs">↑</Kbd> <Kbd size="xs">↓</Kbd> {searchTexts.hintNavigate}</span>
          <span><Kbd size="xs">↵</Kbd> {searchTexts.hintOpen}</span>
          <span><Kbd size="xs">Esc</Kbd> {searchTexts.hintClose}</span>
        </div>
      </Modal.Content>
    </Modal.Root>
  );
}
