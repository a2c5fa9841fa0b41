import { ACCOUNT_TEXTS } from "@shared/account-rules";
import type { CompanyUser, Role } from "@shared/accounts";
import { plural } from "@shared/format";
import { useQuery } from "@tanstack/react-query";
import { Badge } from "@web/components/ui/badge";
import { Button } from "@web/components/ui/button";
import { EmptyState, ListSection, ListSkeleton, listFailed } from "@web/components/ui/list-state";
import { SearchField } from "@web/components/ui/search-field";
import { Spinner } from "@web/components/ui/spinner";
import { useDebouncedValue } from "@web/hooks/use-debounced-value";
import { toastFailure, toastSuccess } from "@web/lib/api-errors";
import { cn } from "@web/lib/cn";
import { paths } from "@web/lib/paths";
import { UserMinus, UserPlus, UsersRound } from "lucide-react";
import { useState } from "react";
import { roleCandidatesQueryOptions } from "../api/get-roles";
import { useChangeRoleUsers } from "../api/role-mutations";
import { useRoleOrBack } from "../hooks/use-role-or-back";
import { RolePageHeader } from "./page-header";

const SEARCH_DEBOUNCE_MS = 300;

/**
 * A role's users (spec 3 §2.12, docs/domain/accounts.md#web-users-and-roles): search over name and
 * e-mail, a table (a list on a phone) with a checkbox, name, e-mail and « Dans ce rôle »; « Ajouter au
 * rôle » / « Retirer du rôle » for the ticked users.
 */
export function RoleUsersPage({ roleId, isMobile }: { roleId: string; isMobile: boolean }) {
  const role = useRoleOrBack(roleId);
  if (!role.data) {
    return (
      <div className="flex flex-col gap-6">
        <RolePageHeader backTo={paths.roles} backLabel="Retour aux rôles" title="Utilisateurs du rôle" />
        <Spinner className="py-16" label="Chargement du rôle…" />
      </div>
    );
  }
  return <RoleUsers role={role.data} isMobile={isMobile} />;
}

function RoleUsers({ role, isMobile }: { role: Role; isMobile: boolean }) {
  const [term, setTerm] = useState("");
  const search = useDebouncedValue(term, SEARCH_DEBOUNCE_MS).trim();
  const query = useQuery(roleCandidatesQueryOptions(search));
  const users = query.data?.data ?? [];
  const failed = listFailed(query, users.length);
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const [problem, setProblem] = useState<string | null>(null);
  const change = useChangeRoleUsers();
  const inRole = (user: CompanyUser) => user.roles.some((r) => r.id === role.id);
  const visibleSelected = users.filter((u) => selected.has(u.id));
  const allTicked = users.length > 0 && visibleSelected.length === users.length;

  const toggle = (id: string, on: boolean) => {
    setProblem(null);
    setSelected((previous) => {
      const next = new Set(previous);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });
  };
  const toggleAll = () => {
    setProblem(null);
    setSelected(allTicked ? new Set() : new Set(users.map((u) => u.id)));
  };

  const run = async (add: boolean) => {
    const userIds = visibleSelected.map((u) => u.id);
    if (userIds.length === 0) {
      setProblem(ACCOUNT_TEXTS.selectUsers);
      return;
    }
    try {
      await change.mutateAsync({ id: role.id, userIds, add });
      toastSuccess(add ? ACCOUNT_TEXTS.usersAdded : ACCOUNT_TEXTS.usersRemoved);
      setSelected(new Set());
    } catch (error) {
      toastFailure(add ? ACCOUNT_TEXTS.roleUsersAddFailed : ACCOUNT_TEXTS.roleUsersRemoveFailed, error);
    }
  };

  const actions = (
    <div className={cn("flex gap-2", isMobile && "w-full [&>*]:flex-1")}>
      <Button onClick={() => void run(true)} disabled={change.isPending}>
        <UserPlus aria-hidden="true" />
        Ajouter au rôle
      </Button>
      <Button variant="outline" onClick={() => void run(false)} disabled={change.isPending}>
        <UserMinus aria-hidden="true" />
        Retirer du rôle
      </Button>
    </div>
  );

  const inRoleBadge = (user: CompanyUser) =>
    inRole(user) ? <Badge variant="success">Oui</Badge> : <Badge variant="outline">Non</Badge>;

  return (
    <div className="flex flex-col gap-6">
      <RolePageHeader
        backTo={paths.roles}
        backLabel="Retour aux rôles"
        title="Utilisateurs du rôle"
        subtitle={
          <>
            <span className="font-medium text-foreground">{role.name}</span>
            {` · ${plural(role.user_count, "utilisateur")}`}
          </>
        }
      />
      <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
        <SearchField
          value={term}
          onChange={setTerm}
          label="Rechercher un utilisateur"
          placeholder={ACCOUNT_TEXTS.usersSearchPlaceholder}
          className="sm:max-w-md sm:flex-1"
        />
        {actions}
      </div>
      {problem && (
        <p role="alert" className="-mt-3 text-sm font-medium text-destructive">
          {problem}
        </p>
      )}

      <ListSection
        headingId="role-users-found"
        query={query}
        rows={users.length}
        countLabel={
          visibleSelected.length > 0
            ? `${plural(users.length, "utilisateur")} · ${plural(visibleSelected.length, "sélectionné", "sélectionnés")}`
            : plural(users.length, "utilisateur")
        }
        pendingLabel="Recherche des utilisateurs"
        loading={<ListSkeleton label="Chargement des utilisateurs…" rows={3} className="lg:grid-cols-1" />}
        errorTitle={ACCOUNT_TEXTS.usersLoadFailed}
        empty={
          <EmptyState
            icon={<UsersRound aria-hidden="true" className="size-6" />}
            title={ACCOUNT_TEXTS.usersEmptyTitle}
            text={search ? ACCOUNT_TEXTS.usersEmptyText : "L’entreprise n’a pas encore d’utilisateur."}
          />
        }
      >
        {!failed &&
          (isMobile ? (
            <div className="flex flex-col gap-2">
              <label className="flex min-h-11 cursor-pointer items-center gap-3 px-1 text-sm font-medium">
                <input
                  type="checkbox"
                  checked={allTicked}
                  onChange={toggleAll}
                  className="size-[1.125rem] cursor-pointer accent-primary"
                />
                Tout sélectionner
              </label>
              <ul
                aria-label="Utilisateurs"
                className="flex flex-col divide-y divide-border rounded-lg border border-border bg-card shadow-card"
              >
                {users.map((user) => (
                  <li key={user.id}>
                    <label className="flex cursor-pointer items-center gap-3 px-4 py-3">
                      <input
                        type="checkbox"
                        checked={selected.has(user.id)}
                        onChange={(event) => toggle(user.id, event.target.checked)}
                        className="size-[1.125rem] shrink-0 cursor-pointer accent-primary"
                      />
                      <span className="flex min-w-0 flex-1 flex-col">
                        <span className="truncate text-sm font-medium">{user.full_name || ACCOUNT_TEXTS.noName}</span>
                        <span className="truncate text-[0.8125rem] text-muted-foreground">{user.email}</span>
                      </span>
                      <span className="flex shrink-0 flex-col items-end gap-0.5 text-[0.6875rem] text-muted-foreground">
                        Dans ce rôle
                        {inRoleBadge(user)}
                      </span>
                    </label>
                  </li>
                ))}
              </ul>
            </div>
          ) : (
            <div className="overflow-hidden rounded-lg border border-border bg-card shadow-card">
              <table className="w-full text-sm">
                <caption className="sr-only">Utilisateurs de l’entreprise</caption>
                <thead className="border-b border-border bg-muted/50 text-left text-[0.8125rem] text-muted-foreground">
                  <tr>
                    <th scope="col" className="w-12 px-4 py-2.5">
                      <input
                        type="checkbox"
                        aria-label="Tout sélectionner"
                        checked={allTicked}
                        onChange={toggleAll}
                        className="size-[1.125rem] cursor-pointer accent-primary align-middle"
                      />
                    </th>
                    <th scope="col" className="px-4 py-2.5 font-medium">
                      Nom
                    </th>
                    <th scope="col" className="px-4 py-2.5 font-medium">
                      E-mail
                    </th>
                    <th scope="col" className="px-4 py-2.5 font-medium">
                      Dans ce rôle
                    </th>
                  </tr>
                </thead>
                <tbody className="divide-y divide-border">
                  {users.map((user) => {
                    const name = user.full_name || ACCOUNT_TEXTS.noName;
                    return (
                      <tr
                        key={user.id}
                        className={cn("hover:bg-muted/40", selected.has(user.id) && "bg-primary-soft/40")}
                      >
                        <td className="px-4 py-2.5">
                          <input
                            type="checkbox"
                            aria-label={`Sélectionner ${name}`}
                            checked={selected.has(user.id)}
                            onChange={(event) => toggle(user.id, event.target.checked)}
                            className="size-[1.125rem] cursor-pointer accent-primary align-middle"
                          />
                        </td>
                        <th scope="row" className="px-4 py-2.5 text-left font-medium">
                          {name}
                        </th>
                        <td className="px-4 py-2.5 text-muted-foreground">{user.email}</td>
                        <td className="px-4 py-2.5">{inRoleBadge(user)}</td>
                      </tr>
                    );
                  })}
                </tbody>
              </table>
            </div>
          ))}
      </ListSection>
    </div>
  );
}
