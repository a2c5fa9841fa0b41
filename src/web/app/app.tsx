import type { QueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { RouterProvider } from "react-router";
import { AppProviders } from "./providers";
import { createAppRouter } from "./router";

/** `queryClient`: the one main.tsx created to start the first screen's queries (route-preload.ts). */
export function App({ queryClient }: { queryClient?: QueryClient }) {
  const [router] = useState(createAppRouter);
  return (
    <AppProviders queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppProviders>
  );
}
