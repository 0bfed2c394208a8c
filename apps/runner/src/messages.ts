// Every German text of the runner, by area in messages/: the runner's own log, pairing and the config
// file (runner.ts), a running bot's session (session.ts), the bot modules (modules.ts) and the `dsbot`
// command line (cli.ts). Code elsewhere in src/ writes no German literal (messages.test.ts checks).
export { cliMessages } from "./messages/cli.js";
export { moduleMessages } from "./messages/modules.js";
export { configFileMessages, pairingMessages, runnerMessages } from "./messages/runner.js";
export { budgetMessages, sessionMessages } from "./messages/session.js";
