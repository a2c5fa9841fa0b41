import { ACCOUNT_TEXTS } from "@shared/account-rules";
import type { CompanyUser } from "@shared/accounts";
import { plural } from "@shared/format";
import { useQuery } from "@tanstack/react-query";
import { Button } from "@web/components/ui/button";
import { ConfirmDialog } from "@web/components/ui/confirm-dialog";
import { EmptyState, ListSection, ListSkeleton, listFailed } from "@web/components/ui/list-state";
import { NativeSelect } from "@web/components/ui/native-select";
import { PageHeader } from "@web/components/ui/page-header";
import { SearchField } from "@web/components/ui/search-field";
import { useDebouncedValue } from "@web/hooks/use-debounced-value";
import { useOpenedOnce } from "@web/hooks/use-opened-once";
import { useProgressiveList } from "@web/hooks/use-progressive-list";
import { toastSuccess } from "@web/lib/api-errors";
import { cn } from "@web/lib/cn";
import { SearchX, UserPlus, UsersRound } from "lucide-react";
import { lazy, Suspense, useRef, useState } from "react";
import { rolesQueryOptions, usersQueryOptions } from "../api/get-users";
import { useNewInvitation, usePasswordResetLink, useSetUserActive } from "../api/user-mutations";
import { useUsersAccess } from "../hooks/use-users-access";
import { displayName } from "../lib/display-name";
import type { ShownLink } from "./account-link-dialog";
import { UserCard } from "./user-card";

/** The dialogs load when first opened, not with the list (ADR 0005 §10). */
const UserRolesDialog = lazy(() => import("./user-roles-dialog").then((m) => ({ default: m.UserRolesDialog })));
const InviteUserDialog = lazy(() => import("./invite-user-dialog").then((m) => ({ default: m.InviteUserDialog })));
const AccountLinkDialog = lazy(() => import("./account-link-dialog").then((m) => ({ default: m.AccountLinkDialog })));

/** Debounce of the search (spec 3 §5: 300 ms). */
const SEARCH_DEBOUNCE_MS = 300;

/** The cards' grid: one column on a phone, up to four on a wide screen. */
const GRID = "grid grid-cols-1 gap-3 sm:grid-cols-2 xl:grid-cols-3 2xl:grid-cols-4";

/**
 * « Utilisateurs » (spec 3 §2.8, docs/domain/accounts.md#web-users-and-roles): the count, the search
 * over name and e-mail, the role filter, the user cards, and the dialogs: roles, invitation, links,
 * deactivation.
 */
export function UsersPage({ isMobile }: { isMobile: boolean }) {
  const { canViewRoles, canInvite } = useUsersAccess();
  const [term, setTerm] = useState("");
  const [roleId, setRoleId] = useState("");
  const search = useDebouncedValue(term, SEARCH_DEBOUNCE_MS).trim();
  const query = useQuery(usersQueryOptions({ search, roleId }));
  const roles = useQuery(rolesQueryOptions(canViewRoles));
  const users = query.data?.data ?? [];
  const rendered = useProgressiveList(users);
  const failed = listFailed(query, users.length);
  const filtered = search !== "" || roleId !== "";
  // The subtitle counts the company's users: the count without a filter, kept while one is set.
  const companyTotal = useRef<number | null>(null);
  if (!query.isPlaceholderData && query.data && !filtered) companyTotal.current = query.data.data.length;

  const [inviting, setInviting] = useState(false);
  const inviteLoaded = useOpenedOnce(inviting);
  const [managing, setManaging] = useState<CompanyUser | null>(null);
  const rolesLoaded = useOpenedOnce(managing !== null);
  const [shown, setShown] = useState<ShownLink | null>(null);
  const linkLoaded = useOpenedOnce(shown !== null);
  const [toDeactivate, setToDeactivate] = useState<CompanyUser | null>(null);
  const [busyId, setBusyId] = useState<string | null>(null);
  const newInvitation = useNewInvitation();
  const resetLink = usePasswordResetLink();
  const setActive = useSetUserActive();

  const busy = async (user: CompanyUser, run: () => Promise<unknown>) => {
    setBusyId(user.id);
    try {
      await run();
    } catch {
      // The mutation's own failure toast has said why.
    } finally {
      setBusyId(null);
    }
  };
  const clearFilters = () => {
    setTerm("");
    setRoleId("");
  };

  return (
    <div className="flex flex-col gap-6">
      <PageHeader
        title="Utilisateurs"
        subtitle={
          companyTotal.current === null || failed
            ? "Les personnes de votre entreprise et leurs rôles."
            : `${plural(companyTotal.current, "utilisateur")} dans votre entreprise.`
        }
        actions={
          canInvite && (
            <Button onClick={() => setInviting(true)} className={cn(isMobile && "w-full")}>
              <UserPlus aria-hidden="true" />
              Inviter un utilisateur
            </Button>
          )
        }
      />

      <div className="flex flex-col gap-3 sm:flex-row">
        <SearchField
          value={term}
          onChange={setTerm}
          label="Rechercher un utilisateur"
          placeholder={ACCOUNT_TEXTS.usersSearchPlaceholder}
          className="sm:max-w-md sm:flex-1"
        />
        {canViewRoles && (
          <NativeSelect
            aria-label="Filtrer par rôle"
            value={roleId}
            onChange={(event) => setRoleId(event.target.value)}
            wrapperClassName="sm:w-60"
          >
            <option value="">{ACCOUNT_TEXTS.allRoles}</option>
            {(roles.data?.data ?? []).map((role) => (
              <option key={role.id} value={role.id}>
                {role.name}
              </option>
            ))}
          </NativeSelect>
        )}
      </div>

      <ListSection
        headingId="users-found"
        query={query}
        rows={users.length}
        countLabel={
          filtered
            ? plural(users.length, "utilisateur trouvé", "utilisateurs trouvés")
            : plural(users.length, "utilisateur")
        }
        pendingLabel="Recherche des utilisateurs"
        loading={
          <ListSkeleton label="Chargement des utilisateurs…" rows={4} className="sm:grid-cols-2 xl:grid-cols-3" />
        }
        errorTitle={ACCOUNT_TEXTS.usersLoadFailed}
        empty={
          <EmptyState
            icon={
              filtered ? (
                <SearchX aria-hidden="true" className="size-6" />
              ) : (
                <UsersRound aria-hidden="true" className="size-6" />
              )
            }
            title={ACCOUNT_TEXTS.usersEmptyTitle}
            text={ACCOUNT_TEXTS.usersEmptyText}
            action={
              filtered ? (
                <Button variant="outline" onClick={clearFilters}>
                  Effacer les filtres
                </Button>
              ) : undefined
            }
          />
        }
      >
        {!failed && (
          <ul aria-label="Utilisateurs de l’entreprise" className={GRID}>
            {rendered.map((user) => (
              <li key={user.id}>
                <UserCard
                  user={user}
                  busy={busyId === user.id}
                  on={{
                    onManageRoles: setManaging,
                    onNewInvitation: (u) =>
                      void busy(u, async () => {
                        const answer = await newInvitation.mutateAsync(u.id);
                        setShown({
                          kind: "invitation",
                          name: displayName(u.full_name, ACCOUNT_TEXTS.noName),
                          link: answer.link,
                        });
                      }),
                    onResetLink: (u) =>
                      void busy(u, async () => {
                        const link = await resetLink.mutateAsync(u.id);
                        toastSuccess(ACCOUNT_TEXTS.resetCreated);
                        setShown({ kind: "reset", name: displayName(u.full_name, ACCOUNT_TEXTS.noName), link });
                      }),
                    onDeactivate: setToDeactivate,
                    onReactivate: (u) =>
                      void busy(u, async () => {
                        await setActive.mutateAsync({ userId: u.id, active: true });
                        toastSuccess(ACCOUNT_TEXTS.userReactivated);
                      }),
                  }}
                />
              </li>
            ))}
          </ul>
        )}
      </ListSection>
      {rolesLoaded && (
        <Suspense fallback={null}>
          <UserRolesDialog user={managing} isMobile={isMobile} onClose={() => setManaging(null)} />
        </Suspense>
      )}
      {inviteLoaded && (
        <Suspense fallback={null}>
          <InviteUserDialog open={inviting} isMobile={isMobile} onClose={() => setInviting(false)} />
        </Suspense>
      )}
      {linkLoaded && (
        <Suspense fallback={null}>
          <AccountLinkDialog shown={shown} isMobile={isMobile} onClose={() => setShown(null)} />
        </Suspense>
      )}
      <ConfirmDialog
        open={toDeactivate !== null}
        onClose={() => setToDeactivate(null)}
        destructive
        title={"Désactiver l’utilisateur\u202f?"}
        description={
          <>
            <strong className="font-semibold text-foreground">
              {displayName(toDeactivate?.full_name, ACCOUNT_TEXTS.noName)}
            </strong>
            {
              " ne pourra plus se connecter et ses sessions en cours seront fermées aussitôt. Vous pourrez le réactiver plus tard."
            }
          </>
        }
        confirmLabel="Désactiver"
        pendingLabel="Désactivation…"
        onConfirm={async () => {
          if (!toDeactivate) return;
          try {
            await setActive.mutateAsync({ userId: toDeactivate.id, active: false });
            toastSuccess(ACCOUNT_TEXTS.userDeactivated);
          } catch {
            // The mutation's failure toast says why (the last administrator, one's own account).
          }
        }}
      />
    </div>
  );
}
