import { type QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { type CSSProperties, type ReactNode, useState } from "react";
import { Toaster } from "sonner";
import { AuthProvider } from "../features/auth/components/auth-provider";
import { usePermissions } from "../features/auth/hooks/use-permissions";
import { CanContext } from "../hooks/use-can";
import { createQueryClient } from "../lib/query-client";
import { TOAST_CONFIG } from "../lib/toast-config";

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
      <Toaster
        position={TOAST_CONFIG.position}
        duration={TOAST_CONFIG.durationMs}
        visibleToasts={TOAST_CONFIG.visibleToasts}
        gap={TOAST_CONFIG.gapPx}
        style={{ "--width": `${TOAST_CONFIG.widthPx}px` } as CSSProperties}
        richColors
        closeButton
        containerAriaLabel="Notifications"
        customAriaLabel="Notifications (Alt+T)"
        offset={{ bottom: "var(--toast-bottom-offset, 24px)", right: 24 }}
        mobileOffset={{ bottom: "var(--toast-bottom-offset, 16px)", left: 16, right: 16 }}
        toastOptions={{ closeButtonAriaLabel: "Fermer la notification", className: "font-sans" }}
      />
    </QueryClientProvider>
  );
}
