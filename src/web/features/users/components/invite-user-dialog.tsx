import { zodResolver } from "@hookform/resolvers/zod";
import { ACCOUNT_TEXTS } from "@shared/account-rules";
import { type AccountLink, invitationBodySchema } from "@shared/accounts";
import { useQuery } from "@tanstack/react-query";
import { AccountLinkPanel } from "@web/components/account-link-panel";
import { useDirtyGuard } from "@web/components/form/dirty-guard";
import { FormActions } from "@web/components/form/form-actions";
import { Button } from "@web/components/ui/button";
import { FormField } from "@web/components/ui/form-field";
import { Input } from "@web/components/ui/input";
import { ModalHeader } from "@web/components/ui/modal-header";
import { ModalFooter, ResponsiveModal } from "@web/components/ui/responsive-modal";
import { isApiError } from "@web/lib/api-client";
import { fieldErrorsFor, toastFailure, toastSuccess } from "@web/lib/api-errors";
import { cn } from "@web/lib/cn";
import { useId, useState } from "react";
import { useForm } from "react-hook-form";
import { rolesQueryOptions } from "../api/get-users";
import { useInviteUser } from "../api/user-mutations";
import { useUsersAccess } from "../hooks/use-users-access";

export interface InviteUserDialogProps {
  open: boolean;
  isMobile: boolean;
  onClose: () => void;
}

const FIELDS = ["email", "full_name", "role_ids"] as const;

/** The shared schema, as the server checks the invitation (the e-mail trimmed and lower-cased). */
const resolver = zodResolver(invitationBodySchema);

/**
 * « Inviter un utilisateur » (issue 15 §2, docs/domain/accounts.md#web-users-and-roles): e-mail, full
 * name and roles; once created, the invitation link to copy (7 days, single use).
 */
export function InviteUserDialog({ open, isMobile, onClose }: InviteUserDialogProps) {
  const descriptionId = useId();
  // A new form each time the dialog opens.
  const [round, setRound] = useState(0);
  return (
    <ResponsiveModal
      open={open}
      onOpenChange={(next) => {
        if (!next) {
          onClose();
          setRound((n) => n + 1);
        }
      }}
      isMobile={isMobile}
      aria-describedby={descriptionId}
      dialogClassName="max-w-lg gap-0 p-0"
      sheetClassName="max-h-[92dvh]"
    >
      {open && (
        <InviteForm
          key={round}
          isMobile={isMobile}
          descriptionId={descriptionId}
          onDone={() => {
            onClose();
            setRound((n) => n + 1);
          }}
        />
      )}
    </ResponsiveModal>
  );
}

function InviteForm({
  isMobile,
  descriptionId,
  onDone,
}: {
  isMobile: boolean;
  descriptionId: string;
  onDone: () => void;
}) {
  const { canViewRoles } = useUsersAccess();
  const roles = useQuery(rolesQueryOptions(canViewRoles));
  const invite = useInviteUser();
  const [sent, setSent] = useState<{ name: string; link: AccountLink } | null>(null);
  const rolesId = useId();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting, isDirty },
  } = useForm({ resolver, defaultValues: { email: "", full_name: "", role_ids: [] } });
  const { cancel, saved } = useDirtyGuard(isDirty && sent === null, onDone);

  const submit = handleSubmit(async (body) => {
    try {
      const answer = await invite.mutateAsync(body);
      saved();
      toastSuccess(ACCOUNT_TEXTS.invitationCreated);
      setSent({ name: answer.user.full_name, link: answer.link });
    } catch (error) {
      // 409: the e-mail belongs to an account already (e-mails are unique platform-wide).
      if (isApiError(error) && error.status === 409) {
        setError("email", { type: "server", message: error.message }, { shouldFocus: true });
        return;
      }
      const fieldErrors = fieldErrorsFor(error, FIELDS);
      for (const [index, { field, message }] of fieldErrors.entries()) {
        setError(field, { type: "server", message }, { shouldFocus: index === 0 });
      }
      if (fieldErrors.length === 0) toastFailure(ACCOUNT_TEXTS.inviteFailed, error);
    }
  });

  const header = (title: string, description: string) => (
    <ModalHeader title={title} description={description} descriptionId={descriptionId} isMobile={isMobile} />
  );
  const body = cn("flex min-h-0 flex-1 flex-col gap-4 overflow-y-auto", isMobile ? "px-5 py-4" : "px-6 py-5");

  if (sent) {
    return (
      <div className="flex min-h-0 flex-1 flex-col">
        {header("Invitation créée", `${sent.name} choisira son mot de passe en ouvrant ce lien.`)}
        <div className={body}>
          <AccountLinkPanel
            link={sent.link}
            isMobile={isMobile}
            explanation={
              "Il lui a été envoyé par e-mail (voir «\u00a0Messages envoyés\u00a0»)\u202f; vous pouvez aussi le copier et le lui transmettre (SMS…)."
            }
          />
        </div>
        <ModalFooter isMobile={isMobile} stretch>
          <Button onClick={onDone}>Terminé</Button>
        </ModalFooter>
      </div>
    );
  }

  return (
    <form noValidate onSubmit={submit} className="flex min-h-0 flex-1 flex-col" aria-busy={isSubmitting}>
      {header("Inviter un utilisateur", "Il recevra un lien, valable 7 jours, pour choisir son mot de passe.")}
      <div className={body}>
        <FormField label="E-mail *" error={errors.email?.message}>
          {(props) => (
            <Input
              type="email"
              autoComplete="off"
              inputMode="email"
              required
              data-autofocus
              {...props}
              {...register("email")}
            />
          )}
        </FormField>
        <FormField label="Nom complet *" error={errors.full_name?.message}>
          {(props) => <Input autoComplete="off" required {...props} {...register("full_name")} />}
        </FormField>
        {canViewRoles && (
          <fieldset aria-describedby={`${rolesId}-hint`} className="flex flex-col gap-2">
            <legend className="mb-1 text-sm font-medium">Rôles</legend>
            <p id={`${rolesId}-hint`} className="text-[0.8125rem] text-muted-foreground">
              Sans rôle coché, il reçoit les rôles par défaut de l’entreprise.
            </p>
            {roles.data && (
              <ul className="flex flex-col divide-y divide-border rounded-md border border-border sm:max-h-56 sm:overflow-y-auto">
                {roles.data.data.map((role) => (
                  <li key={role.id}>
                    <label className="flex cursor-pointer items-start gap-3 px-3 py-2.5 hover:bg-muted/60 pointer-coarse:py-3">
                      <input
                        type="checkbox"
                        value={role.id}
                        className="mt-0.5 size-[1.125rem] shrink-0 cursor-pointer accent-primary"
                        {...register("role_ids")}
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
            {errors.role_ids?.message && (
              <p role="alert" className="text-[0.8125rem] font-medium text-destructive">
                {errors.role_ids.message}
              </p>
            )}
          </fieldset>
        )}
      </div>
      <ModalFooter isMobile={isMobile}>
        <FormActions isMobile={isMobile} pending={isSubmitting} onCancel={cancel} submitLabel="Inviter" />
      </ModalFooter>
    </form>
  );
}
