import { Button } from "@web/components/ui/button";
import { ArrowLeft, Construction } from "lucide-react";
import { Link } from "react-router";

export interface ComingSoonRouteProps {
  /** The screen's title, shown as the page's h1. */
  title: string;
  /** Where « Retour » leads (the home page by default). */
  backTo?: string;
  backLabel?: string;
}

/** The one placeholder for screens whose issue is not done yet. */
export function ComingSoonRoute({ title, backTo = "/", backLabel = "Retour à l'accueil" }: ComingSoonRouteProps) {
  return (
    <>
      <title>{`${title} · Propulse`}</title>
      <div className="flex flex-col gap-6">
        <h1 className="text-2xl font-semibold tracking-tight sm:text-[1.75rem]">{title}</h1>
        <div className="flex flex-col items-center gap-4 rounded-lg border border-dashed border-input bg-card px-6 py-14 text-center">
          <span className="flex size-12 items-center justify-center rounded-full bg-accent-soft text-accent-soft-foreground">
            <Construction aria-hidden="true" className="size-6" />
          </span>
          <div className="flex flex-col gap-1">
            <p className="text-base font-semibold">Bientôt disponible</p>
            <p className="max-w-sm text-sm text-muted-foreground">
              Cet écran arrive dans une prochaine version de Propulse.
            </p>
          </div>
          <Button variant="outline" asChild>
            <Link to={backTo}>
              <ArrowLeft aria-hidden="true" />
              {backLabel}
            </Link>
          </Button>
        </div>
      </div>
    </>
  );
}
