import { ACCOUNT_TEXTS } from "@shared/account-rules";
import type { Role } from "@shared/accounts";
import { plural } from "@shared/format";
import { useQuery } from "@tanstack/react-query";
import { Button } from "@web/components/ui/button";
import { EmptyState, LoadError } from "@web/components/ui/list-state";
import { Spinner } from "@web/components/ui/spinner";
import { toastFailure, toastSuccess } from "@web/lib/api-errors";
import { cn } from "@web/lib/cn";
import { paths } from "@web/lib/paths";
import { KeyRound, LoaderCircle, Save } from "lucide-react";
import { useMemo, useState } from "react";
import { permissionGroupsQueryOptions } from "../api/get-roles";
import { useSaveRolePermissions } from "../api/role-mutations";
import { useRoleOrBack } from "../hooks/use-role-or-back";
import { chosenIds, companyPermissionGroups, sameIds } from "../lib/permission-picker";
import { RolePageHeader } from "./page-header";
import { PermissionPicker } from "./permission-picker";

/**
 * A role's permissions (spec 3 §2.11, docs/domain/accounts.md#web-users-and-roles): grouped by category,
 * each with its tri-state « Tout sélectionner » and count; « Retour » to the role's form, « Enregistrer
 * les permissions » replaces the set.
 */
export function RolePermissionsPage({ roleId, isMobile }: { roleId: string; isMobile: boolean }) {
  const role = useRoleOrBack(roleId);
  if (!role.data) {
    return (
      <div className="flex flex-col gap-6">
        <RolePageHeader backTo={paths.role(roleId)} backLabel="Retour" title="Permissions du rôle" />
        <Spinner className="py-16" label="Chargement du rôle…" />
      </div>
    );
  }
  return <PermissionsEditor key={role.data.id} role={role.data} isMobile={isMobile} />;
}

function PermissionsEditor({ role, isMobile }: { role: Role; isMobile: boolean }) {
  const catalogue = useQuery(permissionGroupsQueryOptions());
  const groups = useMemo(() => companyPermissionGroups(catalogue.data ?? []), [catalogue.data]);
  const initial = useMemo(() => new Set(role.permissions.map((p) => p.id)), [role]);
  const [chosen, setChosen] = useState<Set<string>>(() => new Set(initial));
  const save = useSaveRolePermissions();
  const count = chosenIds(groups, chosen).length;

  const submit = async () => {
    try {
      await save.mutateAsync({ id: role.id, permissionIds: chosenIds(groups, chosen) });
      toastSuccess(ACCOUNT_TEXTS.permissionsUpdated);
    } catch (error) {
      toastFailure(ACCOUNT_TEXTS.permissionsSaveFailed, error);
    }
  };

  const saveButton = (
    <Button
      onClick={() => void submit()}
      disabled={save.isPending || !catalogue.data || groups.length === 0}
      className={cn(isMobile && "w-full")}
      aria-describedby={sameIds(chosen, initial) ? undefined : "permissions-unsaved"}
    >
      {save.isPending ? <LoaderCircle aria-hidden="true" className="animate-spin" /> : <Save aria-hidden="true" />}
      Enregistrer les permissions
    </Button>
  );

  return (
    <div className="flex flex-col gap-6">
      <RolePageHeader
        backTo={paths.role(role.id)}
        backLabel="Retour"
        title="Permissions du rôle"
        subtitle={
          <>
            <span className="font-medium text-foreground">{role.name}</span>
            {catalogue.data && groups.length > 0 && ` · ${plural(count, "permission choisie", "permissions choisies")}`}
          </>
        }
        action={saveButton}
      />
      {!sameIds(chosen, initial) && (
        <p id="permissions-unsaved" className="-mt-3 text-[0.8125rem] text-warning-soft-foreground">
          Modifications non enregistrées.
        </p>
      )}
      {catalogue.isPending ? (
        <Spinner className="py-16" label="Chargement des permissions…" />
      ) : catalogue.isError ? (
        <LoadError
          title="Impossible de charger les permissions"
          message={catalogue.error.message}
          onRetry={() => void catalogue.refetch()}
        />
      ) : groups.length === 0 ? (
        <EmptyState
          icon={<KeyRound aria-hidden="true" className="size-6" />}
          title={ACCOUNT_TEXTS.permissionsEmpty}
          text="Le catalogue des permissions est vide."
        />
      ) : (
        <PermissionPicker groups={groups} chosen={chosen} onChange={setChosen} disabled={save.isPending} />
      )}
      {isMobile && groups.length > 0 && (
        <div className="rounded-lg border border-border bg-card px-4 py-3 shadow-card">{saveButton}</div>
      )}
    </div>
  );
}
