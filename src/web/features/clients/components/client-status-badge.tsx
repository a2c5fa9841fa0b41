import { Badge } from "@web/components/ui/badge";

/** Actif / Inactif (docs/domain/clients.md#rules). */
export function ClientStatusBadge({ active, className }: { active: boolean; className?: string }) {
  return (
    <Badge variant={active ? "success" : "outline"} className={className}>
      <span
        aria-hidden="true"
        className={active ? "size-1.5 rounded-full bg-success" : "size-1.5 rounded-full bg-[#8e97ab]"}
      />
      {active ? "Actif" : "Inactif"}
    </Badge>
  );
}
