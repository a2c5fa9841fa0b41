import { ArrowRight } from "lucide-react";
import { Link } from "react-router";
import type { QuickAction } from "../lib/quick-actions";

export interface QuickActionsProps {
  actions: readonly QuickAction[];
  title?: string;
}

/** Grid of shortcut cards. */
export function QuickActions({ actions, title = "Actions rapides" }: QuickActionsProps) {
  if (actions.length === 0) return null;
  return (
    <section aria-labelledby="quick-actions-title" className="flex flex-col gap-3">
      <h2 id="quick-actions-title" className="text-sm font-semibold text-muted-foreground">
        {title}
      </h2>
      <ul className="grid grid-cols-2 gap-3 lg:grid-cols-4">
        {actions.map(({ id, label, description, to, icon: Icon }) => (
          <li key={id} className="flex">
            <Link
              to={to}
              className="group flex w-full flex-col gap-3 rounded-lg border border-border bg-card p-4 shadow-card transition-all hover:-translate-y-0.5 hover:border-[#c7cbfb] hover:shadow-elevated sm:p-5"
            >
              <span className="flex items-center justify-between">
                <span className="flex size-10 items-center justify-center rounded-lg bg-primary-soft text-primary transition-colors group-hover:bg-primary group-hover:text-white">
                  <Icon aria-hidden="true" className="size-5" />
                </span>
                <ArrowRight
                  aria-hidden="true"
                  className="size-4 text-muted-foreground opacity-0 transition-all group-hover:translate-x-0.5 group-hover:opacity-100"
                />
              </span>
              <span className="flex flex-col gap-0.5">
                <span className="text-[0.9375rem] font-semibold">{label}</span>
                <span className="text-[0.8125rem] leading-snug text-muted-foreground">{description}</span>
              </span>
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
