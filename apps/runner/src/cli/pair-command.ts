// `dsbot pair --server URL [--name NAME]`: pair this PC with an account and store server and token.
import os from "node:os";
import { readRunnerConfig, writeRunnerConfig } from "../config-file.js";
import { cliMessages } from "../messages.js";
import { pairDevice, serverBase, type PairOptions } from "../pairing.js";
import { UsageError, type CliOutput } from "./output.js";

export interface PairCommand {
  server: string | undefined;
  name: string | undefined;
  configPath: string;
  sleep?: PairOptions["sleep"];
}

export async function pairCommand(command: PairCommand, output: CliOutput): Promise<void> {
  if (!command.server) throw new UsageError(cliMessages.pair.serverMissing);
  const server = serverBase(command.server);
  const name = command.name?.trim() || os.hostname();
  output.out(cliMessages.pair.pairing(name, server));
  const paired = await pairDevice({
    server,
    name,
    sleep: command.sleep,
    onCode: ({ userCode, link, expiresIn }) => {
      output.out(cliMessages.pair.code(userCode));
      output.out(cliMessages.pair.confirm(link, Math.round(expiresIn / 60)));
      output.out(cliMessages.pair.waiting);
    },
  });
  const config = await readRunnerConfig(command.configPath);
  await writeRunnerConfig(command.configPath, { ...config, server, token: paired.token, name: paired.name });
  output.out(cliMessages.pair.paired(paired.name, command.configPath));
}
