import type { CompanyStatus } from "@shared/account-rules";
import { Badge } from "@web/components/ui/badge";
import { STATUS_LABELS, STATUS_TONES } from "../lib/platform-format";

/** Actif (green), Essai (orange), Inactif (red: suspended). */
export function CompanyStatusBadge({ status }: { status: CompanyStatus }) {
  return <Badge variant={STATUS_TONES[status]}>{STATUS_LABELS[status]}</Badge>;
}
