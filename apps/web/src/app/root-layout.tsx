// The root of the route tree: client config + user refresh at start, realtime connection while a
// token exists, and the `page--<RouteName>` body class.
import { Center, Loader } from "@mantine/core";
import { useEffect } from "react";
import { Outlet } from "react-router";
import { useBotsBootstrap } from "@/features/bots/api/use-bots-loader";
import { useRouteMeta } from "@/lib/route-meta";
import { usePageBodyClass } from "./body-class";
import { useAppBootstrap, useRealtimeConnection } from "./bootstrap";

export function RootLayout() {
  const meta = useRouteMeta();
  const ready = useAppBootstrap();
  usePageBodyClass(meta?.name);
  useRealtimeConnection(ready);
  useBotsBootstrap(ready);

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
  return <Outlet />;
}
