import { zodResolver } from "@hookform/resolvers/zod";
import { ACCOUNT_TEXTS } from "@shared/account-rules";
import { accountPatchSchema } from "@shared/accounts";
import { formatDateTime } from "@shared/format";
import { useQuery } from "@tanstack/react-query";
import { FormActions } from "@web/components/form/form-actions";
import { Badge } from "@web/components/ui/badge";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@web/components/ui/card";
import { Missing } from "@web/components/ui/detail-section";
import { FormField } from "@web/components/ui/form-field";
import { Input } from "@web/components/ui/input";
import { LoadError } from "@web/components/ui/list-state";
import { PageHeader } from "@web/components/ui/page-header";
import { PasswordInput } from "@web/components/ui/password-input";
import { Skeleton } from "@web/components/ui/skeleton";
import { isApiError } from "@web/lib/api-client";
import { fieldErrorsFor, toastFailure, toastSuccess } from "@web/lib/api-errors";
import { cn } from "@web/lib/cn";
import { type ReactNode, useEffect, useMemo } from "react";
import { useForm } from "react-hook-form";
import {
  type Account,
  type AccountPatch,
  accountQueryOptions,
  useChangePassword,
  useUpdateAccount,
} from "../api/account";
import { passwordChangeFormSchema } from "../lib/password-form";
import { NewPasswordFields } from "./new-password-fields";

export interface AccountPageProps {
  isMobile: boolean;
  /** The name was saved: the app updates the signed-in user it shows (sidebar, greeting). */
  onNameSaved?: (fullName: string) => void;
}

/** « Mon compte » (docs/domain/accounts.md#web-links-account-and-superadmin): who I am, my name, my password. */
export function AccountPage({ isMobile, onNameSaved }: AccountPageProps) {
  const query = useQuery(accountQueryOptions());
  return (
    <div className="flex flex-col gap-6">
      <PageHeader title="Mon compte" subtitle="Vos informations de connexion et votre mot de passe." />
      {query.isPending ? (
        <div role="status" aria-label="Chargement de votre compte" className="grid gap-6 lg:grid-cols-2">
          <Skeleton className="h-80 w-full rounded-lg" />
          <Skeleton className="h-80 w-full rounded-lg" />
        </div>
      ) : query.isError ? (
        <LoadError
          title="Impossible de charger votre compte"
          message={query.error.message}
          onRetry={() => void query.refetch()}
        />
      ) : (
        <div className="grid items-start gap-6 lg:grid-cols-2">
          <ProfileCard account={query.data} isMobile={isMobile} onNameSaved={onNameSaved} />
          <PasswordCard account={query.data} isMobile={isMobile} />
        </div>
      )}
    </div>
  );
}

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="flex flex-col gap-0.5 sm:flex-row sm:items-baseline sm:gap-3">
      <dt className="text-[0.8125rem] text-muted-foreground sm:w-36 sm:shrink-0">{label}</dt>
      <dd className="min-w-0 text-sm font-medium break-words">{children}</dd>
    </div>
  );
}

function ProfileCard({
  account,
  isMobile,
  onNameSaved,
}: {
  account: Account;
  isMobile: boolean;
  onNameSaved: ((fullName: string) => void) | undefined;
}) {
  const update = useUpdateAccount();
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors, isDirty, isSubmitting },
  } = useForm<AccountPatch>({
    resolver: zodResolver(accountPatchSchema),
    defaultValues: { full_name: account.full_name },
  });
  useEffect(() => reset({ full_name: account.full_name }), [account.full_name, reset]);

  const submit = handleSubmit(async (values) => {
    try {
      const saved = await update.mutateAsync(values);
      reset({ full_name: saved.full_name });
      onNameSaved?.(saved.full_name);
      toastSuccess(ACCOUNT_TEXTS.accountSaved);
    } catch (error) {
      const [field] = fieldErrorsFor(error, ["full_name"] as const);
      if (field) setError("full_name", { type: "server", message: field.message }, { shouldFocus: true });
      toastFailure("Erreur lors de l’enregistrement", error);
    }
  });

  return (
    <Card>
      <CardHeader className={cn(isMobile && "p-4 pb-2")}>
        <CardTitle>Informations</CardTitle>
        <CardDescription>Votre nom apparaît dans l’application et sur les documents que vous préparez.</CardDescription>
      </CardHeader>
      <CardContent className={cn("flex flex-col gap-6", isMobile && "p-4 pt-2")}>
        <form noValidate onSubmit={submit} aria-label="Votre nom" className="flex flex-col gap-4">
          <FormField label="Nom complet" error={errors.full_name?.message}>
            {(props) => <Input autoComplete="name" {...props} {...register("full_name")} />}
          </FormField>
          <div className="flex justify-end gap-2">
            <FormActions
              isMobile={isMobile}
              pending={isSubmitting}
              submitLabel="Enregistrer"
              submitDisabled={!isDirty}
            />
          </div>
        </form>
        <dl className="flex flex-col gap-3 border-t border-border pt-5">
          <Row label="Adresse e-mail">{account.email}</Row>
          <Row label="Entreprise">{account.company_name ?? <Missing>Plateforme Propulse</Missing>}</Row>
          <Row label="Rôles">
            {account.roles.length > 0 ? (
              <span className="flex flex-wrap gap-1.5">
                {account.roles.map((role) => (
                  <Badge key={role}>{role}</Badge>
                ))}
              </span>
            ) : (
              <Missing>Aucun rôle</Missing>
            )}
          </Row>
          <Row label="Dernière connexion">
            {account.last_login_at ? formatDateTime(account.last_login_at) : <Missing>Jamais connecté</Missing>}
          </Row>
        </dl>
        <p className="text-[0.8125rem] text-muted-foreground">
          Pour changer d’adresse e-mail ou de rôles, adressez-vous à l’administrateur de votre entreprise.
        </p>
      </CardContent>
    </Card>
  );
}

const EMPTY_PASSWORDS = { current_password: "", new_password: "", confirmation: "" };

function PasswordCard({ account, isMobile }: { account: Account; isMobile: boolean }) {
  const change = useChangePassword();
  const owner = useMemo(
    () => ({ email: account.email, fullName: account.full_name }),
    [account.email, account.full_name],
  );
  const resolver = useMemo(() => zodResolver(passwordChangeFormSchema(owner)), [owner]);
  const {
    register,
    handleSubmit,
    watch,
    reset,
    setError,
    formState: { errors, isSubmitting },
  } = useForm({ resolver, defaultValues: EMPTY_PASSWORDS, mode: "onSubmit", reValidateMode: "onChange" });
  const newPassword = watch("new_password");

  const submit = handleSubmit(async ({ current_password, new_password }) => {
    try {
      await change.mutateAsync({ current_password, new_password });
      reset(EMPTY_PASSWORDS);
      toastSuccess(ACCOUNT_TEXTS.passwordChanged);
    } catch (error) {
      const fields = fieldErrorsFor(error, ["current_password", "new_password"] as const);
      if (fields.length > 0) {
        fields.forEach(({ field, message }, index) => {
          setError(field, { type: "server", message }, { shouldFocus: index === 0 });
        });
      } else if (isApiError(error) && error.message === ACCOUNT_TEXTS.currentPasswordWrong) {
        setError("current_password", { type: "server", message: error.message }, { shouldFocus: true });
      } else if (isApiError(error) && error.status === 400) {
        setError("new_password", { type: "server", message: error.message }, { shouldFocus: true });
      } else {
        toastFailure("Impossible de changer le mot de passe", error);
      }
    }
  });

  return (
    <Card>
      <CardHeader className={cn(isMobile && "p-4 pb-2")}>
        <CardTitle>Changer le mot de passe</CardTitle>
        <CardDescription>Vos autres sessions seront fermées&nbsp;; celle-ci reste ouverte.</CardDescription>
      </CardHeader>
      <CardContent className={cn(isMobile && "p-4 pt-2")}>
        <form noValidate onSubmit={submit} aria-label="Changer le mot de passe" className="flex flex-col gap-4">
          {/* The account's e-mail for the browser's password manager. */}
          <input type="email" autoComplete="username" value={account.email} readOnly hidden />
          <FormField label="Mot de passe actuel" error={errors.current_password?.message}>
            {(props) => <PasswordInput autoComplete="current-password" {...props} {...register("current_password")} />}
          </FormField>
          <NewPasswordFields
            label="Nouveau mot de passe"
            password={register("new_password")}
            confirmation={register("confirmation")}
            value={newPassword}
            owner={owner}
            errors={{ password: errors.new_password?.message, confirmation: errors.confirmation?.message }}
          />
          <div className="flex justify-end gap-2">
            <FormActions isMobile={isMobile} pending={isSubmitting} submitLabel="Changer le mot de passe" />
          </div>
        </form>
      </CardContent>
    </Card>
  );
}
