import { Collapsible, CollapsibleContent, CollapsibleTrigger } from "@web/components/ui/collapsible";
import { cn } from "@web/lib/cn";
import { ChevronDown } from "lucide-react";
import { type ReactNode, useId, useState } from "react";

export interface SectionCardProps {
  title: string;
  icon?: ReactNode;
  /** Shown after the title (e.g. a count). */
  aside?: ReactNode;
  defaultOpen?: boolean;
  className?: string;
  children: ReactNode;
}

/** A card of the client detail whose body folds away (its title is an accessible toggle). */
export function SectionCard({ title, icon, aside, defaultOpen = true, className, children }: SectionCardProps) {
  const [open, setOpen] = useState(defaultOpen);
  const headingId = useId();
  return (
    <Collapsible
      open={open}
      onOpenChange={setOpen}
      className={cn("rounded-lg border border-border bg-card shadow-card", className)}
    >
      <h3 id={headingId} className="text-[0.9375rem] font-semibold">
        <CollapsibleTrigger className="flex w-full items-center gap-2.5 rounded-lg px-4 py-3 text-left hover:bg-muted/60 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring">
          {icon && (
            <span className="flex size-8 shrink-0 items-center justify-center rounded-md bg-primary-soft text-primary [&_svg]:size-4">
              {icon}
            </span>
          )}
          <span className="min-w-0 flex-1 truncate">{title}</span>
          {aside}
          <ChevronDown
            aria-hidden="true"
            className={cn("size-4 shrink-0 text-muted-foreground transition-transform", open && "rotate-180")}
          />
        </CollapsibleTrigger>
      </h3>
      <CollapsibleContent role="region" aria-labelledby={headingId} className="border-t border-border px-4 py-3">
        {children}
      </CollapsibleContent>
    </Collapsible>
  );
}

export interface FieldRowProps {
  label: string;
  children: ReactNode;
}

/** « label : value » inside a SectionCard (a description list entry). */
export function FieldRow({ label, children }: FieldRowProps) {
  return (
    <div className="flex flex-col gap-0.5 py-1.5 sm:flex-row sm:items-baseline sm:gap-4">
      <dt className="text-[0.8125rem] text-muted-foreground sm:w-36 sm:shrink-0">{label}</dt>
      <dd className="min-w-0 text-sm font-medium break-words">{children}</dd>
    </div>
  );
}

export function EmptyValue() {
  return <span className="font-normal text-muted-foreground">Non renseigné</span>;
}
