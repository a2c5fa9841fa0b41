import { cn } from "@web/lib/cn";
import { LoaderCircle } from "lucide-react";

export interface SpinnerProps {
  /** Visible text under the spinner; also announced to screen readers. */
  label?: string;
  className?: string;
  /** Centre on the whole viewport (route-level loading states). */
  fullScreen?: boolean;
}

export function Spinner({ label, className, fullScreen = false }: SpinnerProps) {
  return (
    <div
      role="status"
      aria-live="polite"
      className={cn(
        "flex flex-col items-center justify-center gap-3 text-sm text-muted-foreground",
        fullScreen && "min-h-dvh w-full",
        className,
      )}
    >
      <LoaderCircle aria-hidden="true" className="size-7 animate-spin text-primary" />
      {label ? <span>{label}</span> : <span className="sr-only">Chargement…</span>}
    </div>
  );
}
