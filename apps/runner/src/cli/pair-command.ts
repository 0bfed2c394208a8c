// `dsbot pair --server URL [--name NAME]`: pair this PC with an account and store server and token.
import os from "node:os";
import { readRunnerConfig, writeRunnerConfig } from "../config-file.js";
import { pairDevice, serverBase, type PairOptions } from "../pairing.js";
import { UsageError, type CliOutput } from "./output.js";

export interface PairCommand {
  server: string | undefined;
  name: string | undefined;
  configPath: string;
  sleep?: PairOptions["sleep"];
}

export async function pairCommand(command: PairCommand, output: CliOutput): Promise<void> {
  if (!command.server) throw new UsageError("Bitte gib den Server an: dsbot pair --server https://…");
  const server = serverBase(command.server);
  const name = command.name?.trim() || os.hostname();
  output.out(`Kopple „${name}“ mit ${server} …`);
  const paired = await pairDevice({
    server,
    name,
    sleep: command.sleep,
    onCode: ({ userCode, link, expiresIn }) => {
      output.out(`Dein Kopplungscode: ${userCode}`);
      output.out(`Öffne ${link} und bestätige den Code (gültig ${Math.round(expiresIn / 60)} Minuten).`);
      output.out("Warte auf Bestätigung …");
    },
  });
  const config = await readRunnerConfig(command.configPath);
  await writeRunnerConfig(command.configPath, { ...config, server, token: paired.token, name: paired.name });
  output.out(`Gekoppelt als „${paired.name}“. Gespeichert in ${command.configPath}`);
}
