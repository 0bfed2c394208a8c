// Render a widget with the real providers (Mantine test mode, query client, toaster, confirm host).
import { render } from "@testing-library/react";
import type { ReactNode } from "react";
import { createMemoryRouter, RouterProvider } from "react-router";
import { AppProviders } from "@/app/providers";

export function renderUi(ui: ReactNode) {
  const router = createMemoryRouter([{ path: "*", element: ui }], { initialEntries: ["/"] });
  return render(
    <AppProviders env="test">
      <RouterProvider router={router} />
    </AppProviders>,
  );
}
