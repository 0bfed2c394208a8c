// Render the real route tree in a memory router with the real providers (Mantine in test mode).
import type { User } from "@dsbot/protocol";
import { render } from "@testing-library/react";
import { createMemoryRouter, RouterProvider } from "react-router";
import { AppProviders } from "@/app/providers";
import { routeTree } from "@/app/router";
import { useSession } from "@/lib/session";

export function signIn(user: User, token = "test-token"): void {
  useSession.setState({ token, user });
}

export function renderApp(path: string) {
  const router = createMemoryRouter(routeTree, { initialEntries: [path] });
  const view = render(
    <AppProviders env="test">
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return { router, ...view };
}
