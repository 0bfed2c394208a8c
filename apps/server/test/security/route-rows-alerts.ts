// The security matrix's rows of the alert channels (modules/alerts): each user's own, admins included.
import type { MatrixRow } from "./matrix.js";
import { MATRIX_EMAIL_CODE, perObject, route } from "./matrix.js";

export const alertRows: MatrixRow[] = [
  route({ method: "GET", url: "/api/alert-channels", access: "user", ok: 200, request: () => ({}) }),
  route({ method: "GET", url: "/api/alert-rules", access: "user", ok: 200, request: () => ({}) }),
  route({
    method: "PUT",
    url: "/api/alert-rules",
    access: "user",
    ok: 200,
    request: () => ({ body: { rules: [{ event: "attack-failed", enabled: false, channelIds: null, minGapSeconds: 120 }], quietHours: { from: "23:00", to: "06:30" } } }),
  }),
  // A fresh user each time: at most ten channels a user. A Telegram channel: nothing is resolved or sent.
  route({
    method: "POST",
    url: "/api/alert-channels",
    access: "user",
    ok: 201,
    caller: "fresh-user",
    request: (t) => ({ body: { kind: "telegram", name: t.world.marker(), botToken: "123456789:ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghi", chatId: "-100123" } }),
  }),
  perObject("alertChannel", { method: "PATCH", url: "/api/alert-channels/:id", access: "manage", ok: 200, request: (t) => ({ params: { id: t.fixture.id }, body: { name: t.world.marker() } }) }),
  perObject("alertChannel", { method: "DELETE", url: "/api/alert-channels/:id", access: "manage", ok: 204, fresh: true, request: (t) => ({ params: { id: t.fixture.id } }) }),
  perObject("alertChannel", { method: "POST", url: "/api/alert-channels/:id/test", access: "manage", ok: 202, request: (t) => ({ params: { id: t.fixture.id } }) }),
  perObject("alertChannel", { method: "GET", url: "/api/alert-channels/:id/deliveries", access: "see", ok: 200, request: (t) => ({ params: { id: t.fixture.id } }) }),
  // A fresh channel each time: a confirmed address cannot be confirmed again.
  perObject("emailChannel", {
    method: "POST",
    url: "/api/alert-channels/:id/confirm",
    access: "manage",
    ok: 200,
    fresh: true,
    request: (t) => ({ params: { id: t.fixture.id }, body: { code: MATRIX_EMAIL_CODE } }),
  }),
];
