import { AccessDenied } from "@web/components/access-denied";
import { Spinner } from "@web/components/ui/spinner";
import { usePermissions } from "@web/features/auth/hooks/use-permissions";
import { RemindersPage } from "@web/features/reminders/components/reminders-page";
import { REMINDER_TEXTS } from "@web/features/reminders/lib/reminder-format";
import { useViewport } from "@web/hooks/use-viewport";

/**
 * /relances: « À relancer » (docs/domain/messages.md#to-remind), for the holders of quotes:view or
 * invoices:view (each list with its own); without either, the refusal.
 */
export function RemindersRoute() {
  const isMobile = useViewport() !== "desktop";
  const { can, isLoading } = usePermissions();
  if (can("quotes:view") || can("invoices:view")) {
    return (
      <>
        <title>{`${REMINDER_TEXTS.title} · Propulse`}</title>
        <RemindersPage isMobile={isMobile} />
      </>
    );
  }
  if (isLoading) return <Spinner className="py-24" label="Vérification des permissions…" />;
  return (
    <>
      <title>Accès refusé · Propulse</title>
      <AccessDenied />
    </>
  );
}
