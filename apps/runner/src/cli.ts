// Entry point of the `dsbot` command.
import { main } from "./cli/main.js";
import { terminal } from "./cli/output.js";

process.exitCode = await main(process.argv.slice(2), terminal);
