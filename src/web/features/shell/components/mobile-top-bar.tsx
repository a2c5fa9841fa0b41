import { Logo } from "@web/components/logo";
import { cn } from "@web/lib/cn";
import { Menu } from "lucide-react";
import type { ReactNode } from "react";
import { Link } from "react-router";

export interface MobileTopBarProps {
  homePath: string;
  /** When given, a « Menu » button opens the navigation (SuperAdmin, who has no bottom bar). */
  onMenu?: () => void;
  menuOpen?: boolean;
  /** At the right end: the notifications' bell. */
  actions?: ReactNode;
}

/** Compact header of the mobile layout. */
export function MobileTopBar({ homePath, onMenu, menuOpen = false, actions }: MobileTopBarProps) {
  return (
    <header className="sticky top-0 z-20 border-b border-border bg-card/95 pt-[env(safe-area-inset-top)] backdrop-blur supports-[backdrop-filter]:bg-card/85">
      <div className="flex h-14 items-center gap-3 px-4">
        <Link to={homePath} className="flex min-h-11 items-center rounded-md">
          <Logo markClassName="size-7" />
        </Link>
        {actions && <div className={onMenu ? "ml-auto" : "-mr-2 ml-auto"}>{actions}</div>}
        {onMenu && (
          <button
            type="button"
            onClick={onMenu}
            aria-haspopup="dialog"
            aria-expanded={menuOpen}
            className={cn(
              "-mr-2 flex size-11 shrink-0 items-center justify-center rounded-md text-foreground hover:bg-muted",
              !actions && "ml-auto",
            )}
          >
            <Menu aria-hidden="true" className="size-5" />
            <span className="sr-only">Menu</span>
          </button>
        )}
      </div>
    </header>
  );
}
