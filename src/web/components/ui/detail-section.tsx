import { cn } from "@web/lib/cn";
import { type ReactNode, useId } from "react";

/**
 * A block of a detail page (a worksite's, an invoice's): a card with its icon and title (an h2), an
 * optional control beside it. `flush`: its content runs to the card's edges (a table).
 */
export function DetailSection({
  title,
  icon,
  aside,
  flush = false,
  className,
  children,
}: {
  title: string;
  icon: ReactNode;
  aside?: ReactNode;
  flush?: boolean;
  className?: string;
  children: ReactNode;
}) {
  const id = useId();
  return (
    <section
      aria-labelledby={id}
      className={cn("flex min-w-0 flex-col rounded-lg border border-border bg-card shadow-card", className)}
    >
      <div className="flex min-h-14 items-center gap-2.5 border-b border-border px-4 py-2.5">
        <span className="flex size-8 shrink-0 items-center justify-center rounded-md bg-primary-soft text-primary [&_svg]:size-4">
          {icon}
        </span>
        <h2 id={id} className="min-w-0 flex-1 text-[0.9375rem] font-semibold">
          {title}
        </h2>
        {aside}
      </div>
      <div className={cn("min-w-0", flush ? "overflow-x-auto" : "px-4 py-3")}>{children}</div>
    </section>
  );
}

/** What a detail page shows for a field left empty. */
export function Missing({ children = "Non renseigné" }: { children?: string }) {
  return <span className="font-normal text-muted-foreground">{children}</span>;
}
