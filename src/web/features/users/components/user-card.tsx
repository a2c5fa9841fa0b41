import { ACCOUNT_TEXTS } from "@shared/account-rules";
import type { CompanyUser } from "@shared/accounts";
import { formatDate } from "@shared/format";
import { ActionMenu, type ActionMenuItem } from "@web/components/ui/action-menu";
import { Badge } from "@web/components/ui/badge";
import { Button } from "@web/components/ui/button";
import { Clock, KeyRound, Link2, Mail, ShieldCheck, UserCheck, UserX } from "lucide-react";
import { useId } from "react";
import { useUsersAccess } from "../hooks/use-users-access";
import { displayName } from "../lib/display-name";

export interface UserCardActions {
  onManageRoles: (user: CompanyUser) => void;
  onNewInvitation: (user: CompanyUser) => void;
  onResetLink: (user: CompanyUser) => void;
  onDeactivate: (user: CompanyUser) => void;
  onReactivate: (user: CompanyUser) => void;
}

/** Two letters of the name (« Julien Moreau » → « JM »), « ? » without a name. */
function initials(name: string): string {
  const letters = name
    .split(/\s+/)
    .filter(Boolean)
    .map((word) => word[0]?.toUpperCase() ?? "");
  return letters.length === 0 ? "?" : `${letters[0]}${letters.length > 1 ? letters.at(-1) : ""}`;
}

/**
 * A user of the company (spec 3 §2.8, docs/domain/accounts.md#web-users-and-roles): name (or « Sans
 * nom »), e-mail, Actif / Inactif, « Invitation en attente », last sign-in, role badges; « Gérer les
 * rôles » and a « … » menu with what the signed-in user may do.
 */
export function UserCard({ user, busy, on }: { user: CompanyUser; busy: boolean; on: UserCardActions }) {
  const access = useUsersAccess();
  // A user holding a permission the signed-in one lacks: no action on him (the server answers 403).
  const stronger = user.may_act === false;
  const canManageRoles = access.canManageRoles && !stronger;
  const canInvite = access.canInvite && !stronger;
  const canEdit = access.canEdit && !stronger;
  const nameId = useId();
  const name = displayName(user.full_name, ACCOUNT_TEXTS.noName);
  const groups: ActionMenuItem[][] = [
    [
      ...(canInvite && user.invitation_pending
        ? [{ label: "Nouveau lien d’invitation", icon: Link2, onSelect: () => on.onNewInvitation(user) }]
        : []),
      ...(canEdit && !user.invitation_pending && user.is_active
        ? [{ label: "Lien de réinitialisation du mot de passe", icon: KeyRound, onSelect: () => on.onResetLink(user) }]
        : []),
    ],
    canEdit
      ? [
          user.is_active
            ? {
                label: "Désactiver",
                icon: UserX,
                onSelect: () => on.onDeactivate(user),
                variant: "destructive" as const,
              }
            : { label: "Réactiver", icon: UserCheck, onSelect: () => on.onReactivate(user) },
        ]
      : [],
  ];
  const hasActions = groups.some((group) => group.length > 0);

  return (
    <article
      aria-labelledby={nameId}
      className="flex h-full flex-col gap-3 rounded-lg border border-border bg-card p-4 shadow-card"
    >
      <div className="flex items-start gap-3">
        <span
          aria-hidden="true"
          className="flex size-10 shrink-0 items-center justify-center rounded-full bg-primary-soft text-sm font-semibold text-primary-soft-foreground"
        >
          {initials(user.full_name)}
        </span>
        <div className="flex min-w-0 flex-1 flex-col gap-0.5">
          <h3 id={nameId} className="text-[0.9375rem] leading-snug font-semibold break-words">
            {name}
          </h3>
          <p className="flex min-w-0 items-center gap-1.5 text-[0.8125rem] text-muted-foreground">
            <Mail aria-hidden="true" className="size-3.5 shrink-0" />
            <span className="truncate">{user.email}</span>
          </p>
        </div>
        {hasActions && (
          <ActionMenu label={`Plus d’actions pour ${name}`} groups={groups} busy={busy} className="-mt-1 -mr-1" />
        )}
      </div>

      <div className="flex flex-wrap items-center gap-1.5">
        {user.is_active ? <Badge variant="success">Actif</Badge> : <Badge variant="outline">Inactif</Badge>}
        {user.invitation_pending && <Badge variant="warning">{ACCOUNT_TEXTS.pendingInvitation}</Badge>}
      </div>

      <p className="flex items-center gap-1.5 text-[0.8125rem] text-muted-foreground">
        <Clock aria-hidden="true" className="size-3.5 shrink-0" />
        {user.last_login_at ? (
          <span>Dernière connexion&nbsp;: {formatDate(user.last_login_at)}</span>
        ) : (
          <span>{ACCOUNT_TEXTS.neverSignedIn}</span>
        )}
      </p>

      <div className="mt-auto flex flex-col gap-3 border-t border-border pt-3">
        {user.roles.length > 0 ? (
          <ul aria-label="Rôles" className="flex flex-wrap gap-1.5">
            {user.roles.map((role) => (
              <li key={role.id}>
                <Badge variant={user.is_admin && role.name === "Administrateur" ? "accent" : "default"}>
                  {role.name}
                </Badge>
              </li>
            ))}
          </ul>
        ) : (
          <p className="text-[0.8125rem] text-muted-foreground">Aucun rôle</p>
        )}
        {stronger && (access.canManageRoles || access.canEdit || access.canInvite) && (
          <p className="text-[0.8125rem] text-muted-foreground">{ACCOUNT_TEXTS.strongerUserNote}</p>
        )}
        {canManageRoles && (
          <Button
            variant="outline"
            size="sm"
            className="self-start"
            aria-label={`Gérer les rôles de ${name}`}
            onClick={() => on.onManageRoles(user)}
          >
            <ShieldCheck aria-hidden="true" />
            Gérer les rôles
          </Button>
        )}
      </div>
    </article>
  );
}
