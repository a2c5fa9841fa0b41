import { cn } from "@web/lib/cn";
import { ChevronDown } from "lucide-react";
import { type ReactNode, useId } from "react";
import { Collapsible, CollapsibleContent, CollapsibleTrigger } from "./collapsible";

export interface CollapsibleSectionProps {
  title: string;
  icon: ReactNode;
  /** A one-line digest shown beside the title while the section is closed. */
  summary?: ReactNode;
  /** Marks the section when one of its fields is invalid (also announced). */
  hasError?: boolean;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  children: ReactNode;
  className?: string;
  contentClassName?: string;
}

/** A collapsible block of a big form (the quote form: info, lines, totals, history; the worksite form). */
export function CollapsibleSection({
  title,
  icon,
  summary,
  hasError = false,
  open,
  onOpenChange,
  children,
  className,
  contentClassName,
}: CollapsibleSectionProps) {
  const id = useId();
  return (
    <Collapsible open={open} onOpenChange={onOpenChange} asChild>
      <section
        aria-labelledby={`${id}-title`}
        className={cn(
          "rounded-lg border bg-card shadow-card",
          hasError ? "border-[#fca5a5]" : "border-border",
          className,
        )}
      >
        <h3 id={`${id}-title`} className="text-[0.9375rem] font-semibold">
          <CollapsibleTrigger className="flex min-h-12 w-full items-center gap-3 rounded-lg px-4 py-3 text-left hover:bg-muted/50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring">
            <span
              aria-hidden="true"
              className="flex size-8 shrink-0 items-center justify-center rounded-md bg-primary-soft text-primary [&_svg]:size-4"
            >
              {icon}
            </span>
            {/* A long title wraps on a phone (the summary, flex-1 from 0, gives way first). */}
            <span>{title}</span>
            {hasError && (
              <span className="shrink-0 rounded-full bg-destructive-soft px-2 py-0.5 text-xs font-medium text-destructive-soft-foreground">
                À corriger
              </span>
            )}
            {!open && summary && (
              <span className="min-w-0 flex-1 truncate text-right text-[0.8125rem] font-normal text-muted-foreground">
                {summary}
              </span>
            )}
            <ChevronDown
              aria-hidden="true"
              className={cn("ml-auto size-4 shrink-0 text-muted-foreground transition-transform", open && "rotate-180")}
            />
          </CollapsibleTrigger>
        </h3>
        <CollapsibleContent className={cn("border-t border-border px-4 py-4", contentClassName)}>
          {children}
        </CollapsibleContent>
      </section>
    </Collapsible>
  );
}
