import { type QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { type ReactNode, useState } from "react";
import { AuthProvider } from "../features/auth/components/auth-provider";
import { usePermissions } from "../features/auth/hooks/use-permissions";
import { CanContext } from "../hooks/use-can";
import { createQueryClient } from "../lib/query-client";
import { ToasterHost } from "./toaster-host";

/** The signed-in user's permission checks, for `useCan` in every screen. */
function CanProvider({ children }: { children: ReactNode }) {
  const { can } = usePermissions();
  return <CanContext.Provider value={can}>{children}</CanContext.Provider>;
}

/** Query cache, session, permissions and toasts for the whole app (tooltips: the signed-in shell, AppLayout). */
export function AppProviders({ children, queryClient: given }: { children: ReactNode; queryClient?: QueryClient }) {
  const [queryClient] = useState(() => given ?? createQueryClient());
  return (
    <QueryClientProvider client={queryClient}>
      <AuthProvider>
        <CanProvider>{children}</CanProvider>
      </AuthProvider>
      <ToasterHost />
    </QueryClientProvider>
  );
}
