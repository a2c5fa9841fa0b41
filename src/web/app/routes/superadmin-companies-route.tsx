import { CompaniesPage } from "@web/features/superadmin/components/companies-page";
import { useViewport } from "@web/hooks/use-viewport";

/** /superadmin/companies — the platform's companies (SuperAdmin only: the router's SuperAdminRoute). */
export function SuperAdminCompaniesRoute() {
  const isMobile = useViewport() !== "desktop";
  return (
    <>
      <title>Entreprises · Propulse</title>
      <CompaniesPage isMobile={isMobile} />
    </>
  );
}
