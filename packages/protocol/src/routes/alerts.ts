// The routes of the alert channels (Profil → Benachrichtigungen): always the caller's own.
import type {
  AlertChannelConfirm,
  AlertChannelCreate,
  AlertChannelCreatedResponse,
  AlertChannelListResponse,
  AlertChannelResponse,
  AlertChannelUpdate,
  AlertDeliveryListResponse,
  AlertRulesResponse,
  AlertRulesUpdate,
  AlertTestResponse,
} from "../alerts.js";
import { del, get, patch, post, put } from "./route.js";

export const alertRoutes = {
  list: get("/api/alert-channels").returns<AlertChannelListResponse>(),
  create: post("/api/alert-channels").body<AlertChannelCreate>().returns<AlertChannelCreatedResponse>(),
  update: patch("/api/alert-channels/:id").body<AlertChannelUpdate>().returns<AlertChannelResponse>(),
  remove: del("/api/alert-channels/:id"),
  /** Queues a test message (202); its outcome shows in the delivery log. */
  test: post("/api/alert-channels/:id/test").returns<AlertTestResponse>(),
  deliveries: get("/api/alert-channels/:id/deliveries").returns<AlertDeliveryListResponse>(),
  /** An e-mail channel's address confirmed by the code it was sent. */
  confirm: post("/api/alert-channels/:id/confirm").body<AlertChannelConfirm>().returns<AlertChannelResponse>(),
  /** Which events go to which channels, and the quiet hours. */
  rules: get("/api/alert-rules").returns<AlertRulesResponse>(),
  saveRules: put("/api/alert-rules").body<AlertRulesUpdate>().returns<AlertRulesResponse>(),
};
