// The public API of this feature: nothing of it is used elsewhere yet. Its page (routes/*) is loaded
// lazily by the router, straight from its module, so it stays its own chunk; anything else the rest of
// the app needs is exported here.
export {};
