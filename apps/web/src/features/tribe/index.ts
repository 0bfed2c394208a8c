// The public API of Stamm: nothing of it is used elsewhere yet. Its pages (routes/*) are loaded lazily
// by the router, straight from their modules, so each page stays its own chunk; anything else the rest
// of the app needs (the query keys, say, for a view of the tribe's incomings) is exported here.
export { tribeKeys, tribesQueryOptions } from "./api/tribes-api";
