import { ACCOUNT_TEXTS } from "@shared/account-rules";
import type { Role } from "@shared/accounts";
import { Button } from "@web/components/ui/button";
import { paths } from "@web/lib/paths";
import { KeyRound, Pencil, Trash2, UsersRound } from "lucide-react";
import { Link } from "react-router";
import { useRolesAccess } from "../hooks/use-roles-access";

/**
 * A role's actions (spec 3 §2.9), each with its permission: its users, its permissions, edit, delete
 * (a default role cannot be deleted: the button says why).
 */
export function RoleActions({ role, onDelete }: { role: Role; onDelete: (role: Role) => void }) {
  const { canAssignUsers, canAssignPermissions, canEdit, canDelete } = useRolesAccess();
  return (
    <div className="flex items-center justify-end gap-0.5">
      {canAssignUsers && (
        <Button asChild variant="ghost" size="icon-sm" aria-label={`Gérer les utilisateurs du rôle ${role.name}`}>
          <Link to={paths.roleUsers(role.id)} title="Gérer les utilisateurs">
            <UsersRound aria-hidden="true" />
          </Link>
        </Button>
      )}
      {canAssignPermissions && (
        <Button asChild variant="ghost" size="icon-sm" aria-label={`Gérer les permissions du rôle ${role.name}`}>
          <Link to={paths.rolePermissions(role.id)} title="Gérer les permissions">
            <KeyRound aria-hidden="true" />
          </Link>
        </Button>
      )}
      {canEdit && (
        <Button asChild variant="ghost" size="icon-sm" aria-label={`Modifier le rôle ${role.name}`}>
          <Link to={paths.role(role.id)} title="Modifier">
            <Pencil aria-hidden="true" />
          </Link>
        </Button>
      )}
      {canDelete && (
        <Button
          variant="ghost"
          size="icon-sm"
          aria-label={`Supprimer le rôle ${role.name}`}
          title={role.is_default ? ACCOUNT_TEXTS.defaultRoleLocked : "Supprimer"}
          disabled={role.is_default}
          onClick={() => onDelete(role)}
          className="text-destructive hover:bg-destructive-soft"
        >
          <Trash2 aria-hidden="true" />
        </Button>
      )}
    </div>
  );
}
