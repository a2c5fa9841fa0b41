import { Sheet, SheetContent, SheetDescription, SheetHeader, SheetTitle } from "@web/components/ui/sheet";
import { TooltipProvider } from "@web/components/ui/tooltip";
import { cn } from "@web/lib/cn";
import { ChevronRight } from "lucide-react";
import { NavLink } from "react-router";
import type { NavEntry } from "../lib/nav-items";
import type { ShellUser } from "./shell-user";
import { UserBlock } from "./user-block";

export interface MoreDrawerProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description: string;
  entries: readonly NavEntry[];
  user: ShellUser;
  onLogout: () => Promise<void>;
  side?: "bottom" | "left";
}

/** The « Plus » drawer (bottom sheet), also the SuperAdmin's mobile menu (left sheet). */
export function MoreDrawer({
  open,
  onOpenChange,
  title,
  description,
  entries,
  user,
  onLogout,
  side = "bottom",
}: MoreDrawerProps) {
  return (
    <TooltipProvider delayDuration={300} skipDelayDuration={200}>
      <Sheet open={open} onOpenChange={onOpenChange}>
        <SheetContent side={side}>
          <SheetHeader className={side === "left" ? "pt-5" : undefined}>
            <SheetTitle>{title}</SheetTitle>
            <SheetDescription className="sr-only">{description}</SheetDescription>
          </SheetHeader>
          <nav aria-label={title} className="min-h-0 flex-1 overflow-y-auto px-3 pb-2">
            <ul className="flex flex-col">
              {entries.map(({ id, label, to, icon: Icon, end }) => (
                <li key={id}>
                  <NavLink
                    to={to}
                    end={end}
                    onClick={() => onOpenChange(false)}
                    className={({ isActive }) =>
                      cn(
                        "flex min-h-12 items-center gap-3 rounded-md px-3 text-[0.9375rem] font-medium transition-colors",
                        isActive ? "bg-primary-soft text-primary-soft-foreground" : "text-foreground hover:bg-muted",
                      )
                    }
                  >
                    <span className="flex size-9 items-center justify-center rounded-md bg-muted text-primary">
                      <Icon aria-hidden="true" className="size-[1.125rem]" />
                    </span>
                    <span className="flex-1">{label}</span>
                    <ChevronRight aria-hidden="true" className="size-4 text-muted-foreground" />
                  </NavLink>
                </li>
              ))}
            </ul>
          </nav>
          <div className="border-t border-border px-5 pt-4 pb-5">
            <UserBlock user={user} onLogout={onLogout} tone="sheet" />
          </div>
        </SheetContent>
      </Sheet>
    </TooltipProvider>
  );
}
