import { ShieldAlert } from "lucide-react";

/** Shown in place of a page the user has no right to see (docs/domain/shell.md#access-denied). */
export function AccessDenied({ message = "Vous n'avez pas les permissions nécessaires pour accéder à cette page." }) {
  return (
    <div className="flex flex-col items-center gap-4 rounded-lg border border-dashed border-input bg-card px-6 py-14 text-center">
      <span className="flex size-12 items-center justify-center rounded-full bg-destructive-soft text-destructive">
        <ShieldAlert aria-hidden="true" className="size-6" />
      </span>
      <div className="flex flex-col gap-1">
        <h1 className="text-lg font-semibold">Accès refusé</h1>
        <p className="max-w-sm text-sm text-muted-foreground">{message}</p>
      </div>
    </div>
  );
}
