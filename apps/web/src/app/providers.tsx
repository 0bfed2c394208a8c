// App-wide providers: Mantine (forced dark), TanStack Query, the toaster and the confirm dialog host.
import { MantineProvider } from "@mantine/core";
import { QueryClientProvider } from "@tanstack/react-query";
import type { ReactNode } from "react";
import { AlertToaster } from "@/components/ui/alert-toaster";
import { ConfirmHost } from "@/components/ui/confirm-host";
import { queryClient } from "@/lib/query-client";
import { theme } from "./theme";

export function AppProviders({ children, env }: { children: ReactNode; env?: "default" | "test" }) {
  return (
    <MantineProvider theme={theme} forceColorScheme="dark" env={env}>
      <QueryClientProvider client={queryClient}>
        {children}
        <ConfirmHost />
        <AlertToaster />
      </QueryClientProvider>
    </MantineProvider>
  );
}
