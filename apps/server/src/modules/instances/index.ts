// The module's front door: what other server code may use of it. Everything else is internal.
export { INSTANCE_HEARTBEAT_MS, newInstanceId, registerInstance, removeStaleConnections, retireInstance, sweepDeadInstances } from "./instances.js";
