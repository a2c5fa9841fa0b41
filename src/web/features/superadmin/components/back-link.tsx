import { Button } from "@web/components/ui/button";
import { ArrowLeft } from "lucide-react";
import { Link } from "react-router";

/** « Retour aux entreprises » above a platform page. */
export function BackLink({ to, label }: { to: string; label: string }) {
  return (
    <Button variant="ghost" size="sm" asChild className="-ml-2 self-start text-muted-foreground">
      <Link to={to}>
        <ArrowLeft aria-hidden="true" />
        {label}
      </Link>
    </Button>
  );
}
