// The public API of this feature. Its pages (routes/*) are loaded lazily by the router, straight from their
// modules, so each page stays its own chunk; what other features use is exported here: the troops of every
// village (Raubzug plans with them), their live updates, the paste of a troops overview and a row's source.
export { troopKeys, useTroopsRealtime } from "./api/troops-api";
export { TroopSource, troopSourceLabel } from "./components/troop-source";
export { TroopsPasteModal } from "./components/troops-paste-modal";
