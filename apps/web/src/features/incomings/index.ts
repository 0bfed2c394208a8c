// The public API of this feature. Its pages (routes/*) are loaded lazily by the router, straight from
// their modules, so each page stays its own chunk; anything else the rest of the app needs is exported
// here: the cells an incoming is shown with elsewhere (the tribe's board, Stammes-Eingänge).
export { ArrivalText, Countdown } from "./components/arrival";
export { AttackerCell, trainPlaces, VillageCell, type TrainPlace } from "./components/incoming-cells";
export { IncomingKindBadge, incomingKindColors } from "./components/kind-badge";
export { LikelyUnit } from "./components/likely-unit";
export { NobleTrainCard, NobleTrainRows } from "./components/noble-train";
