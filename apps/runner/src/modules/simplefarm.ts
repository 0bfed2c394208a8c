// SimpleFarmAssistant: not executed by the sandbox runner yet (logs that it would run).
import { stubModule } from "./stub.js";

export const createSimplefarmModule = () => stubModule("simplefarm");
