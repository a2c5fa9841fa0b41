import { Badge } from "@web/components/ui/badge";
import { Tooltip } from "@web/components/ui/tooltip";
import { cn } from "@web/lib/cn";
import { initials } from "@web/lib/initials";
import { paths } from "@web/lib/paths";
import { toast } from "@web/lib/toast";
import { LogOut, UserRound } from "lucide-react";
import { useState } from "react";
import { Link } from "react-router";
import type { ShellUser } from "./shell-user";

export const LOGOUT_ERROR_MESSAGE = "Erreur lors de la déconnexion";

export interface UserBlockProps {
  user: ShellUser;
  onLogout: () => Promise<void>;
  /** `sidebar` is the dark desktop sidebar; `sheet` the light mobile drawer. */
  tone: "sidebar" | "sheet";
  /** Icon-only rendering for the collapsed sidebar rail. */
  compact?: boolean;
}

/** Name, e-mail, « SuperAdmin » tag, « Mon compte » and the « Déconnexion » button (docs/domain/shell.md#sidebar). */
export function UserBlock({ user, onLogout, tone, compact = false }: UserBlockProps) {
  const [busy, setBusy] = useState(false);
  const fullName = [user.firstName, user.lastName].filter(Boolean).join(" ");

  const logout = async () => {
    setBusy(true);
    try {
      await onLogout();
    } catch (error) {
      console.error(LOGOUT_ERROR_MESSAGE, error);
      toast.error(LOGOUT_ERROR_MESSAGE);
    } finally {
      setBusy(false);
    }
  };

  const dark = tone === "sidebar";
  const avatar = (
    <span
      aria-hidden="true"
      className={cn(
        "flex size-9 shrink-0 items-center justify-center rounded-full text-[0.8125rem] font-semibold",
        dark ? "bg-[#3b3494] text-white" : "bg-primary-soft text-primary-soft-foreground",
      )}
    >
      {initials(user.firstName, user.lastName)}
    </span>
  );

  if (compact) {
    return (
      <div className="flex flex-col items-center gap-2">
        <Tooltip content={`${fullName} · ${user.email}`}>
          <span role="img" aria-label={`${fullName}, ${user.email}`} className="rounded-full">
            {avatar}
          </span>
        </Tooltip>
        <Tooltip content="Mon compte">
          <Link
            to={paths.account}
            aria-label="Mon compte"
            className="flex size-9 items-center justify-center rounded-md text-sidebar-foreground hover:bg-white/10 hover:text-white"
          >
            <UserRound aria-hidden="true" className="size-[1.125rem]" />
          </Link>
        </Tooltip>
        <Tooltip content="Déconnexion">
          <button
            type="button"
            onClick={logout}
            disabled={busy}
            aria-label="Déconnexion"
            className="flex size-9 items-center justify-center rounded-md text-sidebar-foreground hover:bg-white/10 hover:text-white"
          >
            <LogOut aria-hidden="true" className="size-[1.125rem]" />
          </button>
        </Tooltip>
      </div>
    );
  }

  return (
    <div className="flex flex-col gap-3">
      <div className="flex min-w-0 items-center gap-3">
        {avatar}
        <div className="flex min-w-0 flex-col">
          <span className={cn("truncate text-sm font-semibold", dark ? "text-white" : "text-foreground")}>
            {fullName}
          </span>
          <span className={cn("truncate text-xs", dark ? "text-sidebar-muted" : "text-muted-foreground")}>
            {user.email}
          </span>
          {user.isSuperAdmin && (
            <Badge variant="accent" className={cn("mt-1.5 self-start", dark && "bg-[#f97316] text-[#1c0a00]")}>
              SuperAdmin
            </Badge>
          )}
        </div>
      </div>
      <div className={cn("flex flex-col", dark ? "gap-0.5" : "grid grid-cols-2 gap-2")}>
        <Link
          to={paths.account}
          className={cn(
            "flex min-h-10 items-center gap-2.5 rounded-md px-3 text-sm font-medium transition-colors",
            dark
              ? "text-sidebar-foreground hover:bg-white/10 hover:text-white"
              : "min-h-12 border border-border text-foreground hover:bg-muted",
          )}
        >
          <UserRound aria-hidden="true" className="size-4" />
          Mon compte
        </Link>
        <button
          type="button"
          onClick={logout}
          disabled={busy}
          className={cn(
            "flex min-h-10 items-center gap-2.5 rounded-md px-3 text-sm font-medium transition-colors disabled:opacity-60",
            dark
              ? "text-sidebar-foreground hover:bg-white/10 hover:text-white"
              : "min-h-12 border border-border text-destructive-soft-foreground hover:bg-destructive-soft",
          )}
        >
          <LogOut aria-hidden="true" className="size-4" />
          Déconnexion
        </button>
      </div>
    </div>
  );
}
