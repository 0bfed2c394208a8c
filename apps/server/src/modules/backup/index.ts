// The module's front door: what other server code may use of it. Everything else is internal.
export { BackupError, formatBytes, KIND_NAMES } from "./backup-files.js";
export type { BackupKind } from "./backup-files.js";
export { restoreBackup, takeBackup } from "./backup.js";
export type { BackupResult } from "./backup.js";
export { startBackups } from "./backup-service.js";
export type { BackupService } from "./backup-service.js";
export { CONTROL_SOCKET_NAME, controlSocketPath } from "./control-channel.js";
