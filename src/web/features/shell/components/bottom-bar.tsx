import { cn } from "@web/lib/cn";
import { Ellipsis } from "lucide-react";
import { NavLink } from "react-router";
import type { NavEntry } from "../lib/nav-items";

export interface BottomBarProps {
  tabs: readonly NavEntry[];
  moreOpen: boolean;
  onMore: () => void;
}

const itemClass =
  "relative flex min-h-14 flex-1 flex-col items-center justify-center gap-1 px-1 text-[0.6875rem] font-medium transition-colors";

/** Mobile bottom tab bar (docs/domain/shell.md#mobile-navigation): four tabs and « Plus ». Touch targets ≥ 44 px. */
export function BottomBar({ tabs, moreOpen, onMore }: BottomBarProps) {
  return (
    <nav
      aria-label="Navigation principale"
      className="fixed inset-x-0 bottom-0 z-30 border-t border-border bg-card/95 pb-[env(safe-area-inset-bottom)] backdrop-blur supports-[backdrop-filter]:bg-card/85"
    >
      <ul className="mx-auto flex max-w-xl">
        {tabs.map(({ id, label, to, icon: Icon, end }) => (
          <li key={id} className="flex flex-1">
            <NavLink
              to={to}
              end={end}
              className={({ isActive }) =>
                cn(itemClass, isActive ? "font-semibold text-primary" : "text-muted-foreground hover:text-foreground")
              }
            >
              {({ isActive }) => (
                <>
                  <span
                    className={cn(
                      "flex h-7 w-12 items-center justify-center rounded-full transition-colors",
                      isActive && "bg-primary-soft",
                    )}
                  >
                    <Icon aria-hidden="true" className="size-5" strokeWidth={isActive ? 2.25 : 2} />
                  </span>
                  {label}
                </>
              )}
            </NavLink>
          </li>
        ))}
        <li className="flex flex-1">
          <button
            type="button"
            onClick={onMore}
            aria-haspopup="dialog"
            aria-expanded={moreOpen}
            className={cn(itemClass, moreOpen ? "text-primary" : "text-muted-foreground hover:text-foreground")}
          >
            <span
              className={cn(
                "flex h-7 w-12 items-center justify-center rounded-full transition-colors",
                moreOpen && "bg-primary-soft",
              )}
            >
              <Ellipsis aria-hidden="true" className="size-5" />
            </span>
            Plus
          </button>
        </li>
      </ul>
    </nav>
  );
}
