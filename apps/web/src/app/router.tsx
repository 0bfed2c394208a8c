// The route table (config/routes.ts) bound to components. Metadata (name, title, flags) sits in each route's
// `handle` (config/routes.ts); guards and the shell read it from there.
import { lazy, Suspense, type ComponentType, type ReactNode } from "react";
import { createBrowserRouter, type RouteObject } from "react-router";
import { moduleRoutes, routes, type RouteMeta } from "@/config/routes";
import { AppShellLayout } from "./layout/app-shell";
import { RootLayout } from "./root-layout";
import { RequireAdmin, RequireAuth } from "./route-guard";
import { RouteError } from "./route-error";
import { RouteLoading } from "./route-loading";

/**
 * A page component loaded on demand: each feature route is its own chunk, so /login loads only what
 * it needs and every other page adds just its own code. A chunk that fails to load throws while
 * rendering and ends in the route's error element (RouteError).
 */
function lazyPage<K extends string, M extends Record<K, ComponentType>>(load: () => Promise<M>, name: K): ComponentType {
  return lazy<ComponentType>(async () => ({ default: (await load())[name] }));
}

const LoginRoute = lazyPage(() => import("@/features/auth/routes/login-route"), "LoginRoute");
const DashboardRoute = lazyPage(() => import("@/features/dashboard/routes/dashboard-route"), "DashboardRoute");
const TroopsRoute = lazyPage(() => import("@/features/troops/routes/troops-route"), "TroopsRoute");
const ScavengeRoute = lazyPage(() => import("@/features/scavenge/routes/scavenge-route"), "ScavengeRoute");
const IncomingsRoute = lazyPage(() => import("@/features/incomings/routes/incomings-route"), "IncomingsRoute");
const TribeRoute = lazyPage(() => import("@/features/tribe/routes/tribe-route"), "TribeRoute");
const TribeDetailRoute = lazyPage(() => import("@/features/tribe/routes/tribe-detail-route"), "TribeDetailRoute");
const BotsRoute = lazyPage(() => import("@/features/bots/routes/bots-route"), "BotsRoute");
const BotDetailRoute = lazyPage(() => import("@/features/bots/routes/bot-detail-route"), "BotDetailRoute");
const BotConfigRoute = lazyPage(() => import("@/features/bots/routes/bot-config-route"), "BotConfigRoute");
const BotModuleRoute = lazyPage(() => import("@/features/bots/routes/bot-module-route"), "BotModuleRoute");
const AttackPlansRoute = lazyPage(() => import("@/features/attack-plans/routes/attack-plans-route"), "AttackPlansRoute");
const AttackPlanDetailRoute = lazyPage(() => import("@/features/attack-plans/routes/attack-plan-detail-route"), "AttackPlanDetailRoute");
const UsersRoute = lazyPage(() => import("@/features/users/routes/users-route"), "UsersRoute");
const UserDetailRoute = lazyPage(() => import("@/features/users/routes/user-detail-route"), "UserDetailRoute");
const WorldsRoute = lazyPage(() => import("@/features/worlds/routes/worlds-route"), "WorldsRoute");
const ProfileRoute = lazyPage(() => import("@/features/profile/routes/profile-route"), "ProfileRoute");
const DownloadsRoute = lazyPage(() => import("@/features/downloads/routes/downloads-route"), "DownloadsRoute");
const CoordsFilterRoute = lazyPage(() => import("@/features/coords-filter/routes/coords-filter-route"), "CoordsFilterRoute");
const TabRequestsRoute = lazyPage(() => import("@/features/tab-requests/routes/tab-requests-route"), "TabRequestsRoute");
const PlayerSkillsRoute = lazyPage(() => import("@/features/player-skills/routes/player-skills-route"), "PlayerSkillsRoute");
const MapRoute = lazyPage(() => import("@/features/map/routes/map-route"), "MapRoute");
const TemplatesRoute = lazyPage(() => import("@/features/templates/routes/templates-route"), "TemplatesRoute");
const TemplateDetailRoute = lazyPage(() => import("@/features/templates/routes/template-detail-route"), "TemplateDetailRoute");
const DsbotAuthRoute = lazyPage(() => import("@/features/dsbot-auth/routes/dsbot-auth-route"), "DsbotAuthRoute");
const NotFoundRoute = lazyPage(() => import("./not-found-route"), "NotFoundRoute");
const HomeRoute = lazyPage(() => import("./home-route"), "HomeRoute");

function page(meta: RouteMeta, element: ReactNode): RouteObject {
  return { path: meta.path, element: <Suspense fallback={<RouteLoading />}>{element}</Suspense>, handle: meta };
}

const homeMeta: RouteMeta = { ...routes.Home, hideHeader: true, hideSidebar: true };

export const routeTree: RouteObject[] = [
  {
    element: <RootLayout />,
    errorElement: <RouteError />,
    children: [
      {
        element: <AppShellLayout />,
        children: [
          page(routes.Login, <LoginRoute />),
          {
            element: <RequireAuth />,
            children: [
              page(homeMeta, <HomeRoute />),
              page(routes.Dashboard, <DashboardRoute />),
              page(routes.DashboardUnits, <TroopsRoute />),
              page(routes.Scavenge, <ScavengeRoute />),
              page(routes.DashboardIncommings, <IncomingsRoute />),
              page(routes.Tribe, <TribeRoute />),
              page(routes.TribeJoin, <TribeRoute />),
              page(routes.TribeDetail, <TribeDetailRoute />),
              page(routes.Dsbots, <BotsRoute />),
              page(routes.DsbotDetail, <BotDetailRoute />),
              page(routes.DsbotDetailConfig, <BotConfigRoute />),
              ...moduleRoutes.map((meta) => page(meta, <BotModuleRoute />)),
              page(routes.AttackPlans, <AttackPlansRoute />),
              page(routes.AttackPlanDetail, <AttackPlanDetailRoute />),
              {
                element: <RequireAdmin />,
                children: [page(routes.Users, <UsersRoute />), page(routes.UserDetail, <UserDetailRoute />), page(routes.Worlds, <WorldsRoute />)],
              },
              page(routes.UserProfile, <ProfileRoute />),
              page(routes.Downloads, <DownloadsRoute />),
              page(routes.AttackPlannerCoordsFilter, <CoordsFilterRoute />),
              page(routes.TabRequests, <TabRequestsRoute />),
              page(routes.DsPlayerSkills, <PlayerSkillsRoute />),
              page(routes.Map, <MapRoute />),
              page(routes.AccountManagerTemplates, <TemplatesRoute />),
              page(routes.AccountManagerTemplateDetail, <TemplateDetailRoute />),
              page(routes.DsbotAuth, <DsbotAuthRoute />),
              page(routes.NotFound, <NotFoundRoute />),
            ],
          },
        ],
      },
    ],
  },
];

export function createAppRouter() {
  return createBrowserRouter(routeTree);
}
