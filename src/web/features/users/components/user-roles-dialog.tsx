import { ACCOUNT_TEXTS } from "@shared/account-rules";
import type { CompanyUser } from "@shared/accounts";
import { useQuery } from "@tanstack/react-query";
import { FormActions } from "@web/components/form/form-actions";
import { Badge } from "@web/components/ui/badge";
import { ModalHeader } from "@web/components/ui/modal-header";
import { ModalFooter, ResponsiveModal } from "@web/components/ui/responsive-modal";
import { Spinner } from "@web/components/ui/spinner";
import { toastFailure, toastSuccess } from "@web/lib/api-errors";
import { cn } from "@web/lib/cn";
import { useId, useState } from "react";
import { rolesQueryOptions } from "../api/get-users";
import { useSaveUserRoles } from "../api/user-mutations";
import { displayName } from "../lib/display-name";

export interface UserRolesDialogProps {
  user: CompanyUser | null;
  isMobile: boolean;
  onClose: () => void;
}

/**
 * « Gérer les rôles » (spec 3 §2.8): the user's current roles, then every role of the company to tick
 * (name and description, the list scrolls), Annuler / Enregistrer; the set replaces the user's roles.
 */
export function UserRolesDialog({ user, isMobile, onClose }: UserRolesDialogProps) {
  const descriptionId = useId();
  return (
    <ResponsiveModal
      open={user !== null}
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
      isMobile={isMobile}
      aria-describedby={descriptionId}
      dialogClassName="max-w-lg gap-0 p-0"
      sheetClassName="max-h-[92dvh]"
    >
      {user && (
        <RolesForm key={user.id} user={user} isMobile={isMobile} descriptionId={descriptionId} onDone={onClose} />
      )}
    </ResponsiveModal>
  );
}

function RolesForm({
  user,
  isMobile,
  descriptionId,
  onDone,
}: {
  user: CompanyUser;
  isMobile: boolean;
  descriptionId: string;
  onDone: () => void;
}) {
  const roles = useQuery(rolesQueryOptions());
  const save = useSaveUserRoles();
  const [chosen, setChosen] = useState<ReadonlySet<string>>(() => new Set(user.roles.map((role) => role.id)));
  const currentId = useId();
  const listId = useId();
  const name = displayName(user.full_name, ACCOUNT_TEXTS.noName);

  const toggle = (id: string, on: boolean) =>
    setChosen((previous) => {
      const next = new Set(previous);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    try {
      // The server's order: the roles as listed.
      const roleIds = (roles.data?.data ?? []).filter((role) => chosen.has(role.id)).map((role) => role.id);
      await save.mutateAsync({ userId: user.id, roleIds });
      toastSuccess(ACCOUNT_TEXTS.rolesUpdated);
      onDone();
    } catch (error) {
      toastFailure(ACCOUNT_TEXTS.rolesUpdateFailed, error);
    }
  };

  return (
    <form noValidate onSubmit={submit} className="flex min-h-0 flex-1 flex-col" aria-busy={save.isPending}>
      <ModalHeader
        title="Gérer les rôles"
        description={
          <>
            {name} · {user.email}
          </>
        }
        descriptionId={descriptionId}
        isMobile={isMobile}
      />
      <div className={cn("flex min-h-0 flex-1 flex-col gap-4", isMobile ? "px-5 py-4" : "px-6 py-5")}>
        <section aria-labelledby={currentId} className="flex flex-col gap-2">
          <h3 id={currentId} className="text-sm font-semibold">
            Rôles actuels
          </h3>
          {user.roles.length > 0 ? (
            <ul className="flex flex-wrap gap-1.5">
              {user.roles.map((role) => (
                <li key={role.id}>
                  <Badge>{role.name}</Badge>
                </li>
              ))}
            </ul>
          ) : (
            <p className="text-sm text-muted-foreground">Aucun rôle</p>
          )}
        </section>
        <fieldset className="flex min-h-0 flex-col gap-2">
          <legend id={listId} className="mb-2 text-sm font-semibold">
            Rôles de l’entreprise
          </legend>
          {roles.isPending ? (
            <Spinner label="Chargement des rôles…" />
          ) : roles.isError ? (
            <p role="alert" className="text-sm text-destructive">
              {ACCOUNT_TEXTS.rolesLoadFailed}
            </p>
          ) : (
            <ul className="flex max-h-[min(22rem,45dvh)] flex-col divide-y divide-border overflow-y-auto rounded-md border border-border">
              {roles.data.data.map((role) => (
                <li key={role.id}>
                  <label className="flex cursor-pointer items-start gap-3 px-3 py-2.5 hover:bg-muted/60 pointer-coarse:py-3">
                    <input
                      type="checkbox"
                      checked={chosen.has(role.id)}
                      onChange={(event) => toggle(role.id, event.target.checked)}
                      className="mt-0.5 size-[1.125rem] shrink-0 cursor-pointer accent-primary"
                    />
                    <span className="flex min-w-0 flex-col gap-0.5">
                      <span className="text-sm font-medium">{role.name}</span>
                      {role.description && (
                        <span className="text-[0.8125rem] text-muted-foreground">{role.description}</span>
                      )}
                    </span>
                  </label>
                </li>
              ))}
            </ul>
          )}
        </fieldset>
      </div>
      <ModalFooter isMobile={isMobile}>
        <FormActions
          isMobile={isMobile}
          pending={save.isPending}
          onCancel={onDone}
          submitLabel="Enregistrer"
          submitDisabled={!roles.data}
        />
      </ModalFooter>
    </form>
  );
}
