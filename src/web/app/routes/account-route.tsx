import { AccountPage } from "@web/features/account/components/account-page";
import { useAuth } from "@web/features/auth/hooks/auth-context";
import { useViewport } from "@web/hooks/use-viewport";
import { setStoredUser } from "@web/lib/session";
import { useCallback } from "react";

/** `/account` — « Mon compte », for every signed-in user, the SuperAdmin too (docs/domain/accounts.md). */
export function AccountRoute() {
  const isMobile = useViewport() !== "desktop";
  const { user } = useAuth();
  // The sidebar and the greeting show the stored user: its new name goes there at once.
  const nameSaved = useCallback(
    (fullName: string) => {
      if (user) setStoredUser({ ...user, full_name: fullName });
    },
    [user],
  );
  return (
    <>
      <title>Mon compte · Propulse</title>
      <AccountPage isMobile={isMobile} onNameSaved={nameSaved} />
    </>
  );
}
