import { LogoMark } from "@web/components/logo";
import { Tooltip, TooltipProvider } from "@web/components/ui/tooltip";
import { cn } from "@web/lib/cn";
import { PanelLeftClose, PanelLeftOpen } from "lucide-react";
import { type ReactNode, useLayoutEffect, useRef } from "react";
import { Link, NavLink, useLocation } from "react-router";
import type { NavEntry } from "../lib/nav-items";
import type { ShellUser } from "./shell-user";
import { UserBlock } from "./user-block";

export interface SidebarProps {
  entries: readonly NavEntry[];
  open: boolean;
  onToggle: () => void;
  user: ShellUser;
  onLogout: () => Promise<void>;
  /** Where the logo leads (/ or /superadmin). */
  homePath: string;
  /** Line under the wordmark: company name, or « Plateforme » for the SuperAdmin. */
  context: string | null;
  /** Beside the wordmark (under the mark when collapsed): the notifications' bell. */
  actions?: ReactNode;
}

const SIDEBAR_ID = "app-sidebar";

/**
 * On a short screen (a laptop's 768 px, less the browser's bars) the entries tighten from 36 to 32 px so
 * that the whole list fits an admin's fifteen entries; shorter still, the list scrolls (issue 32).
 */
const SHORT_SCREEN_ENTRY = "[@media(max-height:820px)]:min-h-8 [@media(max-height:820px)]:py-1.5";

/** Scrolls `container` by the least that brings `item` fully into view (nothing when it is in view). */
export function keepInView(container: HTMLElement, item: HTMLElement): void {
  const box = container.getBoundingClientRect();
  const it = item.getBoundingClientRect();
  if (it.top < box.top) container.scrollTop -= box.top - it.top;
  else if (it.bottom > box.bottom) container.scrollTop += Math.min(it.bottom - box.bottom, it.top - box.top);
}

/** Desktop sidebar: 16 rem, or a 3 rem icon rail when collapsed (docs/domain/shell.md#sidebar). */
export function Sidebar({ entries, open, onToggle, user, onLogout, homePath, context, actions }: SidebarProps) {
  const toggleLabel = open ? "Réduire le menu" : "Déplier le menu";
  // The page's entry stays in view when the list scrolls (a short window, Paramètres or Rôles at its foot).
  const nav = useRef<HTMLElement>(null);
  const { pathname } = useLocation();
  useLayoutEffect(() => {
    void pathname;
    void open;
    const active = nav.current?.querySelector<HTMLElement>('[aria-current="page"]');
    if (nav.current && active) keepInView(nav.current, active);
  }, [pathname, open]);
  return (
    <TooltipProvider delayDuration={300} skipDelayDuration={200}>
      <aside
        id={SIDEBAR_ID}
        aria-label="Barre latérale"
        data-state={open ? "expanded" : "collapsed"}
        className={cn(
          "surface-dark fixed inset-y-0 left-0 z-30 flex flex-col border-r border-sidebar-border bg-sidebar text-sidebar-foreground transition-[width] duration-200 ease-out",
          open ? "w-(--width-sidebar)" : "w-(--width-sidebar-collapsed)",
        )}
      >
        <div className={cn("flex h-16 shrink-0 items-center gap-2", open ? "px-4" : "flex-col justify-center px-1.5")}>
          {open ? (
            <>
              <Link to={homePath} className="flex min-w-0 flex-1 items-center gap-2.5 rounded-md">
                <LogoMark className="size-8" />
                <span className="flex min-w-0 flex-col leading-tight">
                  <span className="text-[0.9375rem] font-semibold tracking-tight text-white">Propulse</span>
                  {context && <span className="truncate text-xs text-sidebar-muted">{context}</span>}
                </span>
              </Link>
              {actions}
              <Tooltip content={`${toggleLabel} (Ctrl+B)`}>
                <button
                  type="button"
                  onClick={onToggle}
                  aria-label={toggleLabel}
                  aria-expanded={open}
                  aria-controls={SIDEBAR_ID}
                  className="flex size-8 items-center justify-center rounded-md text-sidebar-muted hover:bg-white/10 hover:text-white"
                >
                  <PanelLeftClose aria-hidden="true" className="size-[1.125rem]" />
                </button>
              </Tooltip>
            </>
          ) : (
            <Tooltip content={`${toggleLabel} (Ctrl+B)`}>
              <button
                type="button"
                onClick={onToggle}
                aria-label={toggleLabel}
                aria-expanded={open}
                aria-controls={SIDEBAR_ID}
                className="group relative flex size-9 items-center justify-center rounded-md hover:bg-white/10"
              >
                <LogoMark className="size-8 transition-opacity group-hover:opacity-0 group-focus-visible:opacity-0" />
                <PanelLeftOpen
                  aria-hidden="true"
                  className="absolute size-[1.125rem] text-white opacity-0 transition-opacity group-hover:opacity-100 group-focus-visible:opacity-100"
                />
              </button>
            </Tooltip>
          )}
        </div>

        {!open && actions && <div className="flex shrink-0 justify-center pb-1">{actions}</div>}

        <nav
          ref={nav}
          aria-label="Navigation principale"
          className="min-h-0 flex-1 overflow-y-auto overflow-x-hidden py-2"
        >
          <ul className={cn("flex flex-col gap-0.5", open ? "px-3" : "items-center px-1.5")}>
            {entries.map(({ id, label, to, icon: Icon, end }) => (
              <li key={id} className={open ? undefined : "w-full"}>
                <Tooltip content={label} enabled={!open}>
                  <NavLink
                    to={to}
                    end={end}
                    aria-label={open ? undefined : label}
                    className={({ isActive }) =>
                      cn(
                        "relative flex min-h-9 items-center gap-3 rounded-md text-sm font-medium transition-colors",
                        open
                          ? cn("px-3 py-2", SHORT_SCREEN_ENTRY)
                          : "h-9 w-full justify-center [@media(max-height:820px)]:h-8",
                        isActive
                          ? "bg-sidebar-accent text-white before:absolute before:top-2 before:bottom-2 before:left-0 before:w-[3px] before:rounded-r-full before:bg-accent"
                          : "text-sidebar-foreground hover:bg-white/[0.06] hover:text-white",
                      )
                    }
                  >
                    <Icon aria-hidden="true" className="size-[1.125rem] shrink-0" />
                    {open && <span className="leading-tight">{label}</span>}
                  </NavLink>
                </Tooltip>
              </li>
            ))}
          </ul>
        </nav>

        <div className={cn("shrink-0 border-t border-sidebar-border", open ? "p-3" : "px-1.5 py-3")}>
          <UserBlock user={user} onLogout={onLogout} tone="sidebar" compact={!open} />
        </div>
      </aside>
    </TooltipProvider>
  );
}
