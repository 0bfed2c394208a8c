// The route table of spec §2 bound to components. Metadata (name, title, flags) sits in each route's
// `handle` (config/routes.ts); guards and the shell read it from there.
import type { ReactNode } from "react";
import { createBrowserRouter, type RouteObject } from "react-router";
import { moduleRoutes, routes, type RouteMeta } from "@/config/routes";
import { AttackPlanDetailRoute } from "@/features/attack-plans/routes/attack-plan-detail-route";
import { AttackPlansRoute } from "@/features/attack-plans/routes/attack-plans-route";
import { LoginRoute } from "@/features/auth/routes/login-route";
import { BotConfigRoute } from "@/features/bots/routes/bot-config-route";
import { BotDetailRoute } from "@/features/bots/routes/bot-detail-route";
import { BotModuleRoute } from "@/features/bots/routes/bot-module-route";
import { BotsRoute } from "@/features/bots/routes/bots-route";
import { CoordsFilterRoute } from "@/features/coords-filter/routes/coords-filter-route";
import { DashboardRoute } from "@/features/dashboard/routes/dashboard-route";
import { DownloadsRoute } from "@/features/downloads/routes/downloads-route";
import { DsbotAuthRoute } from "@/features/dsbot-auth/routes/dsbot-auth-route";
import { IncomingsRoute } from "@/features/incomings/routes/incomings-route";
import { MapRoute } from "@/features/map/routes/map-route";
import { PlayerSkillsRoute } from "@/features/player-skills/routes/player-skills-route";
import { ProfileRoute } from "@/features/profile/routes/profile-route";
import { TabRequestsRoute } from "@/features/tab-requests/routes/tab-requests-route";
import { TemplateDetailRoute } from "@/features/templates/routes/template-detail-route";
import { TemplatesRoute } from "@/features/templates/routes/templates-route";
import { TroopsRoute } from "@/features/troops/routes/troops-route";
import { UserDetailRoute } from "@/features/users/routes/user-detail-route";
import { UsersRoute } from "@/features/users/routes/users-route";
import { HomeRoute } from "./home-route";
import { AppShellLayout } from "./layout/app-shell";
import { NotFoundRoute } from "./not-found-route";
import { RootLayout } from "./root-layout";
import { RequireAdmin, RequireAuth } from "./route-guard";
import { RouteError } from "./route-error";

function page(meta: RouteMeta, element: ReactNode): RouteObject {
  return { path: meta.path, element, handle: meta };
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
              page(routes.DashboardIncommings, <IncomingsRoute />),
              page(routes.Dsbots, <BotsRoute />),
              page(routes.DsbotDetail, <BotDetailRoute />),
              page(routes.DsbotDetailConfig, <BotConfigRoute />),
              ...moduleRoutes.map((meta) => page(meta, <BotModuleRoute />)),
              page(routes.AttackPlans, <AttackPlansRoute />),
              page(routes.AttackPlanDetail, <AttackPlanDetailRoute />),
              {
                element: <RequireAdmin />,
                children: [page(routes.Users, <UsersRoute />), page(routes.UserDetail, <UserDetailRoute />)],
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
