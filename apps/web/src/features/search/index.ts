// The public API of the global search: the rest of the app imports it from here.
export { SearchDialogHost } from "./components/search-dialog-host";
export { useSearchDialog } from "./stores/search-dialog-store";
