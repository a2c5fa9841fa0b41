import { RotateCw } from "lucide-react";
import type { ReactNode } from "react";
import { Alert, AlertDescription, AlertTitle } from "./alert";
import { Button } from "./button";

export interface EmptyStateProps {
  icon: ReactNode;
  title: string;
  text: string;
  action?: ReactNode;
}

/** A list with nothing to show: why, and what to do next. */
export function EmptyState({ icon, title, text, action }: EmptyStateProps) {
  return (
    <div className="flex flex-col items-center gap-4 rounded-lg border border-dashed border-input bg-card px-6 py-14 text-center">
      <span className="flex size-12 items-center justify-center rounded-full bg-primary-soft text-primary">{icon}</span>
      <div className="flex flex-col gap-1">
        <p className="text-base font-semibold">{title}</p>
        <p className="max-w-sm text-sm break-words text-muted-foreground">{text}</p>
      </div>
      {action}
    </div>
  );
}

export interface LoadErrorProps {
  /** e.g. « Impossible de charger vos clients ». */
  title: string;
  /** The server's (French) message, when there is one. */
  message?: string | null | undefined;
  onRetry: () => void;
}

/** A list that could not be loaded: the reason and « Réessayer ». */
export function LoadError({ title, message, onRetry }: LoadErrorProps) {
  return (
    <Alert variant="destructive" role="alert" className="flex-col gap-3 sm:flex-row sm:items-center">
      <div className="flex flex-1 flex-col gap-1">
        <AlertTitle>{title}</AlertTitle>
        {message && <AlertDescription>{message}</AlertDescription>}
      </div>
      <Button variant="outline" size="sm" onClick={onRetry}>
        <RotateCw aria-hidden="true" />
        Réessayer
      </Button>
    </Alert>
  );
}
