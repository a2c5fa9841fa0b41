import { BackLink as KitBackLink } from "@web/components/ui/page-header";

/** « Retour aux entreprises » above a platform page. */
export function BackLink({ to, label }: { to: string; label: string }) {
  return <KitBackLink to={to}>{label}</KitBackLink>;
}
