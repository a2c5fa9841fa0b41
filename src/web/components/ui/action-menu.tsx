import { LoaderCircle, type LucideIcon, MoreHorizontal } from "lucide-react";
import { lazy, Suspense, useState } from "react";
import { Button } from "./button";

export interface ActionMenuItem {
  label: string;
  icon: LucideIcon;
  onSelect: () => void;
  variant?: "default" | "destructive";
}

export interface ActionMenuProps {
  /** The « … » button's accessible name, e.g. « Plus d'actions pour le devis DEV-2026-0001 ». */
  label: string;
  /** Groups of actions, separated by a line; empty groups are left out. */
  groups: ActionMenuItem[][];
  /** An action of the item is running: the button spins and is disabled. */
  busy?: boolean;
  className?: string;
}

const loadMenu = () => import("./action-menu-content");
const ActionMenuContent = lazy(() => loadMenu().then((m) => ({ default: m.ActionMenuContent })));

/**
 * The « … » menu of a list item (a card, a row). A list shows dozens of them and most are never opened:
 * until the first opening each is a plain button, and the menu (Radix DropdownMenu and its positioning
 * engine) is loaded then, or as soon as a pointer or the focus reaches the button. Opened, it is the
 * DropdownMenu of `dropdown-menu.tsx`: arrow keys, type-ahead, Escape, focus back on the button.
 */
export function ActionMenu({ label, groups, busy = false, className }: ActionMenuProps) {
  const [opened, setOpened] = useState(false);
  const button = (open: () => void) => (
    <Button
      size="icon-sm"
      variant="ghost"
      className={className}
      aria-label={label}
      aria-haspopup="menu"
      aria-expanded={false}
      disabled={busy}
      onPointerEnter={() => void loadMenu()}
      onFocus={() => void loadMenu()}
      onClick={open}
    >
      {busy ? <LoaderCircle aria-hidden="true" className="animate-spin" /> : <MoreHorizontal aria-hidden="true" />}
    </Button>
  );
  const visibleGroups = groups.filter((group) => group.length > 0);
  if (!opened) return button(() => setOpened(true));
  return (
    <Suspense fallback={button(() => {})}>
      <ActionMenuContent label={label} groups={visibleGroups} busy={busy} className={className} />
    </Suspense>
  );
}
