import { Button } from "@web/components/ui/button";
import { RefreshCw, TriangleExclamationPoint } from "lucide-react";
import { isRouteErrorResponse, useRouteError } from "react-router";

/** A lazily loaded screen could not be fetched (offline, or a new version replaced the files). */
function isChunkLoadError(error: unknown): boolean {
  return (
    error instanceof Error &&
    /dynamically imported module|Importing a module script failed|error loading dynamically imported module/i.test(
      error.message,
    )
  );
}

export interface RouteErrorProps {
  /** `page` replaces the whole screen; `content` renders inside the app layout's main area. */
  layout?: "page" | "content";
}

/** Route error screen: a French message and a way out, instead of React Router's developer page. */
export function RouteError({ layout = "page" }: RouteErrorProps) {
  const error = useRouteError();
  console.error(error);
  const chunk = isChunkLoadError(error);
  const title = chunk ? "Impossible de charger cette page" : "Une erreur est survenue";
  const detail = chunk
    ? "Vérifiez votre connexion internet puis réessayez. Si une nouvelle version de Propulse vient d’être installée, le rechargement la récupère."
    : isRouteErrorResponse(error)
      ? `Erreur ${error.status} : ${error.statusText}`
      : "Un problème inattendu a interrompu l’affichage. Rechargez la page pour reprendre.";

  const Wrapper = layout === "page" ? "main" : "div";
  return (
    <Wrapper
      className={
        layout === "page"
          ? "flex min-h-dvh items-center justify-center bg-background px-6"
          : "flex items-center justify-center py-16"
      }
    >
      <title>{`${title} · Propulse`}</title>
      <div className="flex max-w-md flex-col items-center gap-4 text-center">
        <span className="flex size-12 items-center justify-center rounded-full bg-warning-soft text-warning-soft-foreground">
          <TriangleExclamationPoint aria-hidden="true" className="size-6" />
        </span>
        <h1 className="text-xl font-semibold tracking-tight">{title}</h1>
        <p className="text-sm text-muted-foreground">{detail}</p>
        <div className="flex flex-wrap justify-center gap-2">
          <Button onClick={() => window.location.reload()}>
            <RefreshCw aria-hidden="true" />
            Recharger la page
          </Button>
          <Button variant="outline" asChild>
            <a href="/">Retour à l’accueil</a>
          </Button>
        </div>
      </div>
    </Wrapper>
  );
}
