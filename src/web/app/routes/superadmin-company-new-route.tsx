import { CompanyNewPage } from "@web/features/superadmin/components/company-new-page";
import { useViewport } from "@web/hooks/use-viewport";

/** /superadmin/companies/new — a company and its first administrator, then the invitation link. */
export function SuperAdminCompanyNewRoute() {
  const isMobile = useViewport() !== "desktop";
  return (
    <>
      <title>Nouvelle entreprise · Propulse</title>
      <CompanyNewPage isMobile={isMobile} />
    </>
  );
}
