// Tribes as the server answers them, and a small fake of the tribe routes for the tests.
import type {
  TribeDefencePlanInput,
  TribeDefenceResponse,
  TribeDetail,
  TribeIncoming,
  TribeInvite,
  TribeMember,
  TribeRequestCreate,
  TribeRole,
  TribeSummary,
  TribeSupportRequest,
  User,
} from "@dsbot/protocol";
import { tribeMessages, tribeRequestMessages } from "@dsbot/protocol";
import { apiError, json, mockFetch, type FetchHandler } from "@/test/fetch-mock";
import { signIn } from "@/test/render-app";
import { boardAnswer } from "./tribe-board-fixtures";
import { requestFrom } from "./tribe-request-fixtures";

export const VALID_CODE = "K7QX4M2PZ9TR8HWB";

export function makeMember(overrides: Partial<TribeMember> & { userId: number; username: string }): TribeMember {
  return {
    role: "member",
    playerName: null,
    troopSharing: "none",
    joinedAt: "2025-04-01T10:00:00.000Z",
    bots: [],
    lastScanAt: null,
    villages: null,
    points: null,
    ...overrides,
  };
}

export function makeTribe(overrides: Partial<TribeDetail> & { id: number }): TribeDetail {
  const members = overrides.members ?? [];
  return {
    name: "Die Wächter",
    tag: "WACHT",
    world: { server: "die-staemme.de", world: "de231" },
    gameAlly: null,
    memberCount: members.length,
    myRole: null,
    createdAt: "2025-04-01T09:00:00.000Z",
    members,
    ...overrides,
  };
}

export function makeInvite(overrides: Partial<TribeInvite> & { id: number }): TribeInvite {
  return {
    hint: "AB12",
    createdBy: "demo",
    createdAt: "2025-04-02T10:00:00.000Z",
    expiresAt: "2025-04-03T10:00:00.000Z",
    maxUses: null,
    uses: 0,
    ...overrides,
  };
}

interface Call {
  key: string;
  body: unknown;
}

/**
 * The tribe routes over an in-memory list: the signed-in user's role and view follow the members.
 * `refuse` answers a route key with an error instead (e.g. "POST /api/tribes/5/leave"); undefined: as usual.
 * `extra` adds or replaces other routes (the world list, its tribes). `board`: the incomings of
 * Stammes-Eingänge (tribe-board-fixtures.ts), the same for every tribe; none unless given. `requests`:
 * the open support requests (tribe-request-fixtures.ts), likewise; a new one is made of a board row, and
 * a second open one for the same village is refused as the server does (409). `plan`: the answer of
 * Verteidigung planen to a body (a saved answer's supports join the request); 404 unless given.
 */
export function tribeServer(
  user: User,
  initial: TribeDetail[],
  options: {
    invites?: TribeInvite[];
    joinable?: TribeDetail;
    board?: TribeIncoming[];
    requests?: TribeSupportRequest[];
    closed?: TribeSupportRequest[];
    plan?: (requestId: number, body: TribeDefencePlanInput) => Response | TribeDefenceResponse;
    refuse?: Record<string, () => Response | undefined>;
    extra?: Record<string, FetchHandler>;
  } = {},
) {
  let tribes = initial.map((t) => ({ ...t }));
  let invites = [...(options.invites ?? [])];
  let board = [...(options.board ?? [])];
  let requests = [...(options.requests ?? [])];
  let nextRequestId = 100;
  const calls: Call[] = [];
  let nextTribeId = 9;

  const view = (tribe: TribeDetail): TribeDetail => {
    const role: TribeRole | null = tribe.members.find((m) => m.userId === user.id)?.role ?? null;
    return { ...tribe, memberCount: tribe.members.length, myRole: role };
  };
  const summary = (tribe: TribeDetail): TribeSummary => {
    const { members: _members, ...rest } = view(tribe);
    return rest;
  };
  const byId = (id: number) => tribes.find((t) => t.id === id && (user.isAdmin || t.members.some((m) => m.userId === user.id)));
  const replace = (tribe: TribeDetail) => {
    tribes = tribes.map((t) => (t.id === tribe.id ? tribe : t));
    return json(200, { tribe: view(tribe) });
  };
  const notFound = () => apiError(404, "not_found", tribeMessages.notFound);

  const routes: Record<string, FetchHandler> = {
    "GET /api/client-config": () => json(200, { apiBases: {}, version: "0.1.0" }),
    "GET /api/auth/me": () => json(200, { user }),
    "GET /api/dsbot": () => json(200, { dsbots: [], totals: 0 }),
    "GET /api/worlds": () => json(200, { worlds: [] }),
    "GET /api/tribes": ({ url }) => {
      const listed = url.searchParams.get("scope") === "all" ? tribes : tribes.filter((t) => t.members.some((m) => m.userId === user.id));
      return json(200, { tribes: listed.map(summary) });
    },
    "POST /api/tribes": ({ body }) => {
      const input = body as { name: string; tag: string };
      const tribe = makeTribe({ id: nextTribeId++, name: input.name, tag: input.tag, world: user.world, members: [makeMember({ userId: user.id, username: user.username, role: "leader" })] });
      tribes.push(tribe);
      return json(201, { tribe: view(tribe) });
    },
    "POST /api/tribes/join": ({ body }) => {
      const joinable = options.joinable;
      if (!joinable || (body as { code: string }).code !== VALID_CODE) return apiError(404, "not_found", tribeMessages.inviteInvalid);
      const tribe = { ...joinable, members: [...joinable.members, makeMember({ userId: user.id, username: user.username })] };
      tribes.push(tribe);
      return json(200, { tribe: view(tribe) });
    },
  };
  for (const id of [5, 6, 9]) {
    const base = `/api/tribes/${id}`;
    const withTribe = (fn: (tribe: TribeDetail, body: unknown) => Response): FetchHandler => ({ body }) => {
      const tribe = byId(id);
      return tribe ? fn(tribe, body) : notFound();
    };
    routes[`GET ${base}`] = withTribe((tribe) => json(200, { tribe: view(tribe) }));
    routes[`PATCH ${base}`] = withTribe((tribe, body) => replace({ ...tribe, ...(body as object) }));
    routes[`DELETE ${base}`] = withTribe(() => {
      tribes = tribes.filter((t) => t.id !== id);
      return json(204);
    });
    routes[`GET ${base}/invites`] = withTribe(() => json(200, { invites }));
    routes[`GET ${base}/incomings`] = ({ url }) => (byId(id) ? json(200, boardAnswer(board, url)) : notFound());
    routes[`GET ${base}/requests`] = withTribe(() => json(200, { requests, closed: options.closed ?? [], readAt: Date.now() }));
    routes[`POST ${base}/requests`] = withTribe((_tribe, body) => {
      const input = body as TribeRequestCreate;
      const incoming = board.find((i) => i.id === input.incomingId);
      if (!incoming) return apiError(404, "not_found", tribeRequestMessages.incomingNotFound);
      if (requests.some((r) => r.village.coordinates === incoming.target.coordinates)) return apiError(409, "conflict", tribeRequestMessages.alreadyOpen);
      const request = requestFrom(nextRequestId++, incoming, input, user.username);
      requests = [...requests, request].sort((a, b) => a.neededBy - b.neededBy);
      return json(201, { request });
    });
    for (const requestId of [1, 2, 3, 100, 101]) {
      routes[`POST ${base}/requests/${requestId}/plan`] = withTribe((_tribe, body) => {
        const answer = options.plan?.(requestId, body as TribeDefencePlanInput) ?? apiError(404, "not_found", tribeRequestMessages.notFound);
        if (answer instanceof Response) return answer;
        if (answer.saved) requests = requests.map((r) => (r.id === requestId ? { ...r, supports: [...r.supports, ...answer.supports] } : r));
        return json(200, answer);
      });
      routes[`DELETE ${base}/requests/${requestId}`] = withTribe(() => {
        if (!requests.some((r) => r.id === requestId)) return apiError(404, "not_found", tribeRequestMessages.notFound);
        requests = requests.filter((r) => r.id !== requestId);
        return json(204);
      });
    }
    routes[`POST ${base}/invites`] = withTribe((_tribe, body) => {
      const { maxUses } = body as { maxUses: number | null };
      const invite = makeInvite({ id: Math.max(10, ...invites.map((known) => known.id)) + 1, hint: VALID_CODE.slice(0, 4), maxUses });
      invites = [...invites, invite];
      return json(201, { invite, code: VALID_CODE });
    });
    routes[`PATCH ${base}/me`] = withTribe((tribe, body) =>
      replace({ ...tribe, members: tribe.members.map((m) => (m.userId === user.id ? { ...m, ...(body as object) } : m)) }),
    );
    routes[`POST ${base}/leave`] = withTribe((tribe) => {
      tribes = tribes.map((t) => (t.id === tribe.id ? { ...t, members: t.members.filter((m) => m.userId !== user.id) } : t));
      return json(204);
    });
    routes[`POST ${base}/leader`] = withTribe((tribe, body) => {
      const { userId } = body as { userId: number };
      return replace({ ...tribe, members: tribe.members.map((m) => ({ ...m, role: m.userId === userId ? "leader" : m.role === "leader" ? "coordinator" : m.role })) });
    });
    for (const userId of [1, 2, 3, 4]) {
      routes[`PATCH ${base}/members/${userId}`] = withTribe((tribe, body) =>
        replace({ ...tribe, members: tribe.members.map((m) => (m.userId === userId ? { ...m, ...(body as object) } : m)) }),
      );
      routes[`DELETE ${base}/members/${userId}`] = withTribe((tribe) => replace({ ...tribe, members: tribe.members.filter((m) => m.userId !== userId) }));
    }
    for (const inviteId of [10, 11, 12]) {
      routes[`DELETE ${base}/invites/${inviteId}`] = withTribe(() => {
        invites = invites.filter((i) => i.id !== inviteId);
        return json(204);
      });
    }
  }
  // Every call of the tribe routes is recorded; a refused one answers its error.
  const recorded: Record<string, FetchHandler> = {};
  for (const [key, handler] of Object.entries(routes)) {
    recorded[key] = (request) => {
      if (key.includes("/api/tribes")) calls.push({ key: `${key}${key.startsWith("GET /api/tribes") && request.url.search ? request.url.search : ""}`, body: request.body });
      return options.refuse?.[key]?.() ?? handler(request);
    };
  }
  mockFetch({ ...recorded, ...options.extra });
  signIn(user);
  return {
    calls,
    bodiesOf: (key: string) => calls.filter((c) => c.key === key).map((c) => c.body),
    /** The board changes on the server (a member's scan or paste); a `tribe-board-updated` tells the page. */
    setBoard: (next: TribeIncoming[]) => {
      board = [...next];
    },
    /** The open support requests change on the server (another member asked or withdrew). */
    setRequests: (next: TribeSupportRequest[]) => {
      requests = [...next];
    },
    /** A member's bots or scans change on the server; a `tribe-members-updated` tells the page. */
    setMember: (tribeId: number, userId: number, change: Partial<TribeDetail["members"][number]>) => {
      tribes = tribes.map((t) => (t.id === tribeId ? { ...t, members: t.members.map((m) => (m.userId === userId ? { ...m, ...change } : m)) } : t));
    },
    /** Someone else removed the user (the server's side of a removal). */
    removeUser: (tribeId: number) => {
      tribes = tribes.map((t) => (t.id === tribeId ? { ...t, members: t.members.filter((m) => m.userId !== user.id) } : t));
    },
  };
}
