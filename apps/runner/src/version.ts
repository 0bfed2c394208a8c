// The runner's version, announced in runner:hello and shown by `dsbot --help`.
import pkg from "../package.json" with { type: "json" };

export const RUNNER_VERSION: string = pkg.version;
