// The public API of the bots feature: the rest of the app imports it from here. The pages (routes/*) and
// the signed-in bootstrap (`BotsBootstrap`, app/root-layout.tsx) are loaded lazily, straight from their
// modules, so each stays its own chunk.
export { useBotsLoader } from "./api/use-bots-loader";
