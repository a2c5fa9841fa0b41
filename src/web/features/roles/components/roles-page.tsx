import { ACCOUNT_TEXTS } from "@shared/account-rules";
import type { Role } from "@shared/accounts";
import { formatCount, plural } from "@shared/format";
import { useQuery } from "@tanstack/react-query";
import { Badge } from "@web/components/ui/badge";
import { Button } from "@web/components/ui/button";
import { ConfirmDialog } from "@web/components/ui/confirm-dialog";
import { EmptyState, ListSection, ListSkeleton, listFailed } from "@web/components/ui/list-state";
import { PageHeader } from "@web/components/ui/page-header";
import { toastSuccess } from "@web/lib/api-errors";
import { cn } from "@web/lib/cn";
import { paths } from "@web/lib/paths";
import { Plus, ShieldCheck } from "lucide-react";
import { useId, useState } from "react";
import { Link } from "react-router";
import { rolesQueryOptions } from "../api/get-roles";
import { useDeleteRole } from "../api/role-mutations";
import { useRolesAccess } from "../hooks/use-roles-access";
import { RoleActions } from "./role-actions";

function DefaultBadge({ role }: { role: Role }) {
  return role.is_default ? <Badge variant="accent">Oui</Badge> : <Badge variant="outline">Non</Badge>;
}

/** A role on a phone: the table's columns as a card. */
function RoleCard({ role, onDelete }: { role: Role; onDelete: (role: Role) => void }) {
  const nameId = useId();
  return (
    <article
      aria-labelledby={nameId}
      className="flex flex-col gap-2 rounded-lg border border-border bg-card p-4 shadow-card"
    >
      <div className="flex items-start justify-between gap-3">
        <div className="flex min-w-0 flex-col gap-0.5">
          <h3 id={nameId} className="text-[0.9375rem] font-semibold break-words">
            {role.name}
          </h3>
          <p className="text-[0.8125rem] text-muted-foreground">{plural(role.user_count, "utilisateur")}</p>
        </div>
        <span className="flex shrink-0 items-center gap-1.5 text-[0.8125rem] text-muted-foreground">
          Par défaut <DefaultBadge role={role} />
        </span>
      </div>
      {role.description && <p className="text-sm break-words text-muted-foreground">{role.description}</p>}
      <div className="-mb-1 border-t border-border pt-2">
        <RoleActions role={role} onDelete={onDelete} />
      </div>
    </article>
  );
}

/**
 * « Rôles » (spec 3 §2.9, docs/domain/accounts.md#web-users-and-roles): the table of the company's roles
 * (cards on a phone) with name, description, default Oui / Non and the actions; « Nouveau rôle ».
 */
export function RolesPage({ isMobile }: { isMobile: boolean }) {
  const { canCreate } = useRolesAccess();
  const query = useQuery(rolesQueryOptions());
  const roles = query.data?.data ?? [];
  const failed = listFailed(query, roles.length);
  const [toDelete, setToDelete] = useState<Role | null>(null);
  const remove = useDeleteRole();

  const newRole = canCreate && (
    <Button asChild className={cn(isMobile && "w-full")}>
      <Link to={paths.roleNew}>
        <Plus aria-hidden="true" />
        Nouveau rôle
      </Link>
    </Button>
  );

  return (
    <div className="flex flex-col gap-6">
      <PageHeader
        title="Rôles"
        count={
          query.data && !failed
            ? { shown: formatCount(roles.length), label: plural(roles.length, "rôle"), withTitle: true }
            : null
        }
        subtitle="Les rôles de l’entreprise, leurs utilisateurs et leurs permissions."
        actions={newRole}
      />

      <ListSection
        headingId="roles-found"
        query={query}
        rows={roles.length}
        countLabel={plural(roles.length, "rôle")}
        pendingLabel="Chargement des rôles"
        loading={<ListSkeleton label="Chargement des rôles…" rows={3} className="lg:grid-cols-1" />}
        errorTitle={ACCOUNT_TEXTS.rolesLoadFailed}
        empty={
          <EmptyState
            icon={<ShieldCheck aria-hidden="true" className="size-6" />}
            title={ACCOUNT_TEXTS.rolesEmpty}
            text="Créez un rôle pour regrouper des permissions et l’attribuer à vos utilisateurs."
            action={newRole || undefined}
          />
        }
      >
        {!failed &&
          (isMobile ? (
            <ul aria-label="Rôles de l’entreprise" className="flex flex-col gap-3">
              {roles.map((role) => (
                <li key={role.id}>
                  <RoleCard role={role} onDelete={setToDelete} />
                </li>
              ))}
            </ul>
          ) : (
            <div className="overflow-hidden rounded-lg border border-border bg-card shadow-card">
              <table className="w-full text-sm">
                <caption className="sr-only">Rôles de l’entreprise</caption>
                <thead className="border-b border-border bg-muted/50 text-left text-[0.8125rem] text-muted-foreground">
                  <tr>
                    <th scope="col" className="px-4 py-2.5 font-medium">
                      Nom
                    </th>
                    <th scope="col" className="px-4 py-2.5 font-medium">
                      Description
                    </th>
                    <th scope="col" className="px-4 py-2.5 font-medium">
                      Par défaut
                    </th>
                    <th scope="col" className="px-4 py-2.5 text-right font-medium">
                      Actions
                    </th>
                  </tr>
                </thead>
                <tbody className="divide-y divide-border">
                  {roles.map((role) => (
                    <tr key={role.id} className="hover:bg-muted/40">
                      <th scope="row" className="px-4 py-3 text-left align-top font-normal">
                        <span className="block font-semibold">{role.name}</span>
                        <span className="block text-[0.8125rem] text-muted-foreground">
                          {plural(role.user_count, "utilisateur")}
                        </span>
                      </th>
                      <td className="max-w-md px-4 py-3 align-top text-muted-foreground">{role.description ?? "—"}</td>
                      <td className="px-4 py-3 align-top">
                        <DefaultBadge role={role} />
                      </td>
                      <td className="px-4 py-2 align-top">
                        <RoleActions role={role} onDelete={setToDelete} />
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          ))}
      </ListSection>

      <ConfirmDialog
        open={toDelete !== null}
        onClose={() => setToDelete(null)}
        destructive
        title={ACCOUNT_TEXTS.deleteRoleTitle}
        description={
          <>
            {"Êtes-vous sûr de vouloir supprimer le rôle "}
            <strong className="font-semibold text-foreground">{toDelete?.name}</strong>
            {
              "\u202f? Cette action est irréversible et supprimera toutes les associations avec les utilisateurs et les permissions."
            }
          </>
        }
        confirmLabel="Supprimer"
        pendingLabel="Suppression…"
        onConfirm={async () => {
          if (!toDelete) return;
          try {
            await remove.mutateAsync(toDelete.id);
            toastSuccess(ACCOUNT_TEXTS.roleDeleted);
          } catch {
            // The mutation's failure toast says why (a default role, the last administrator).
          }
        }}
      />
    </div>
  );
}
