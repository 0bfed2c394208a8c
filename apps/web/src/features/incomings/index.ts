// The public API of this feature: nothing of it is used elsewhere yet. Its pages (routes/*) are loaded
// lazily by the router, straight from their modules, so each page stays its own chunk; anything else
// the rest of the app needs is exported here.
export {};
