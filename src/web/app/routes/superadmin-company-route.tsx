import { CompanyPage } from "@web/features/superadmin/components/company-page";
import { useViewport } from "@web/hooks/use-viewport";
import { useParams } from "react-router";

/** /superadmin/companies/:id — a company's page for the SuperAdmin (no business data). */
export function SuperAdminCompanyRoute() {
  const isMobile = useViewport() !== "desktop";
  const { id = "" } = useParams();
  return (
    <>
      <title>Entreprise · Propulse</title>
      <CompanyPage key={id} id={id} isMobile={isMobile} />
    </>
  );
}
