// The routes of attack plans, their attacks and tools.
import type {
  AttackBulk,
  AttackBulkResponse,
  AttackExport,
  AttackExportResponse,
  AttackImport,
  AttackImportResponse,
  AttackListResponse,
  AttackPlanCreate,
  AttackPlanGrant,
  AttackPlanListResponse,
  AttackPlanPermissionsResponse,
  AttackPlanResponse,
  AttackPlanUpdate,
  AttackResponse,
  AttackTrainResponse,
  AttackVillageLookupResponse,
  AttackVillageTroopsResponse,
  PlannerRequest,
  PlannerResponse,
} from "../attack-plans/api.js";
import type { AttackPlanLinesResponse } from "../attack-plans/lines.js";
import { del, get, patch, post, put } from "./route.js";

/** One attack as the form sends it (attackInputSchema parses it): coordinates as `x|y`, arrival in epoch ms. */
interface AttackBody {
  from: string;
  to: string;
  type: string;
  units: Record<string, number>;
  /** DS Workbench formulas by unit ("alle-100"). */
  formulas?: Record<string, string>;
  unit?: string;
  arrival: number;
  priority: number;
}

/** A noble train (attackTrainSchema): the nobles' attack plus the train's count, spacing and clearing units. */
interface AttackTrainBody extends AttackBody {
  nobles: number;
  spacingMs: number;
  clearUnits?: Record<string, number>;
}

export const attackPlanRoutes = {
  list: get("/api/attack-plans").returns<AttackPlanListResponse>(),
  create: post("/api/attack-plans").body<AttackPlanCreate>().returns<AttackPlanResponse>(),
  detail: get("/api/attack-plans/:id").returns<AttackPlanResponse>(),
  /** Renames the plan. */
  update: patch("/api/attack-plans/:id").body<AttackPlanUpdate>().returns<AttackPlanResponse>(),
  remove: del("/api/attack-plans/:id"),
  /** A page of the attack table (server-side paging, sorting, search and status filter). */
  attacks: get("/api/attack-plans/:id/attacks").returns<AttackListResponse>(),
  createAttack: post("/api/attack-plans/:id/attacks").body<AttackBody>().returns<AttackResponse>(),
  /** A noble train, created in one go. */
  createTrain: post("/api/attack-plans/:id/attacks/train").body<AttackTrainBody>().returns<AttackTrainResponse>(),
  updateAttack: put("/api/attack-plans/:id/attacks/:attackId").body<AttackBody>().returns<AttackResponse>(),
  removeAttack: del("/api/attack-plans/:id/attacks/:attackId"),
  /** Status, priority or deletion of a selection of attacks. */
  bulk: post("/api/attack-plans/:id/attacks/bulk").body<AttackBulk>().returns<AttackBulkResponse>(),
  /** The attack form's lookup: the village at `x|y` on the plan's world, or null. */
  village: get("/api/attack-plans/:id/villages").query<{ coords: string }>().returns<AttackVillageLookupResponse>(),
  /** The units at home in the start village at `x|y` by its newest scan, or null. */
  villageTroops: get("/api/attack-plans/:id/village-troops").query<{ coords: string }>().returns<AttackVillageTroopsResponse>(),
  /** The plan's attacks as lines for the map overlay. */
  lines: get("/api/attack-plans/:id/lines").returns<AttackPlanLinesResponse>(),
  importAttacks: post("/api/attack-plans/:id/import").body<AttackImport>().returns<AttackImportResponse>(),
  exportAttacks: post("/api/attack-plans/:id/export").body<AttackExport>().returns<AttackExportResponse>(),
  /** A preview, or the planned attacks added to the plan (`save`). */
  planner: post("/api/attack-plans/:id/planner").body<PlannerRequest>().returns<PlannerResponse>(),
  permissions: get("/api/attack-plans/:id/permissions").returns<AttackPlanPermissionsResponse>(),
  /** Grants a user access to the plan or changes the level. */
  grant: post("/api/attack-plans/:id/permission/user/:userId").body<AttackPlanGrant>(),
  revoke: del("/api/attack-plans/:id/permission/user/:userId"),
};
