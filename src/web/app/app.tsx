import type { QueryClient } from "@tanstack/react-query";
import { setAppNavigator } from "@web/lib/app-navigation";
import { useEffect, useState } from "react";
import { RouterProvider } from "react-router";
import { AppProviders } from "./providers";
import { createAppRouter } from "./router";

/** `queryClient`: the one main.tsx created to start the first screen's queries (route-preload.ts). */
export function App({ queryClient }: { queryClient?: QueryClient }) {
  const [router] = useState(createAppRouter);
  // A toast's link (the document in the way of a refusal) navigates in the app, not by reloading it.
  useEffect(() => {
    setAppNavigator((to) => void router.navigate(to));
    return () => setAppNavigator(null);
  }, [router]);
  return (
    <AppProviders queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppProviders>
  );
}
