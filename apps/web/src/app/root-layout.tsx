// The root of the route tree: client config + user refresh at start, realtime connection while a
// token exists, the bot and tab-request wiring while a user is signed in, and the `page--<RouteName>` body class.
import { Center, Loader } from "@mantine/core";
import { lazy, Suspense, useEffect } from "react";
import { Outlet } from "react-router";
import { useRouteMeta } from "@/lib/route-meta";
import { useSession } from "@/lib/session";
import { usePageBodyClass } from "./body-class";
import { useAppBootstrap, useRealtimeConnection } from "./bootstrap";

// The bot wiring (list load, realtime handlers) loads once someone is signed in: not on /login.
const BotsBootstrap = lazy(async () => ({ default: (await import("@/features/bots/api/use-bots-loader")).BotsBootstrap }));
const TabRequestRealtime = lazy(async () => ({ default: (await import("@/features/tab-requests/api/tab-request-realtime")).TabRequestRealtime }));

export function RootLayout() {
  const meta = useRouteMeta();
  const ready = useAppBootstrap();
  const signedIn = useSession((state) => state.user !== null);
  usePageBodyClass(meta?.name);
  useRealtimeConnection(ready);

  useEffect(() => {
    document.title = meta && meta.name !== "Home" ? `${meta.title} · dsbot` : "dsbot";
  }, [meta]);

  if (!ready) {
    return (
      <Center h="100dvh">
        <Loader type="dots" />
      </Center>
    );
  }
  return (
    <>
      <Outlet />
      {signedIn && (
        <Suspense fallback={null}>
          <BotsBootstrap />
          <TabRequestRealtime />
        </Suspense>
      )}
    </>
  );
}
