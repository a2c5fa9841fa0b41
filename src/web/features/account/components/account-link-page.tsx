import { zodResolver } from "@hookform/resolvers/zod";
import { ACCOUNT_TEXTS } from "@shared/account-rules";
import { formatDateTime } from "@shared/format";
import { useQuery } from "@tanstack/react-query";
import { Logo } from "@web/components/logo";
import { Button } from "@web/components/ui/button";
import { LoadError } from "@web/components/ui/list-state";
import { Spinner } from "@web/components/ui/spinner";
import { isApiError } from "@web/lib/api-client";
import { fieldErrorsFor, toastFailure } from "@web/lib/api-errors";
import { paths } from "@web/lib/paths";
import { KeyRound, Link2Off, LoaderCircle } from "lucide-react";
import { type ReactNode, useMemo } from "react";
import { useForm } from "react-hook-form";
import { Link } from "react-router";
import type { AccountLinkKind } from "../api/account-keys";
import {
  type AccountLinkInfo,
  accountLinkQueryOptions,
  type SetPasswordResponse,
  setLinkPassword,
} from "../api/account-links";
import { setPasswordFormSchema } from "../lib/password-form";
import { NewPasswordFields } from "./new-password-fields";

const COPY = {
  invitation: {
    invalid: ACCOUNT_TEXTS.invitationInvalid,
    invalidTitle: "Lien d’invitation invalide",
    submit: "Activer mon compte",
    failure: "Impossible d’activer votre compte",
  },
  "password-reset": {
    invalid: ACCOUNT_TEXTS.resetInvalid,
    invalidTitle: "Lien de réinitialisation invalide",
    submit: "Enregistrer le mot de passe",
    failure: "Impossible d’enregistrer le mot de passe",
  },
} as const;

/** The public pages' frame: the logo over one centred card, outside the signed-in layout. */
function LinkFrame({ children }: { children: ReactNode }) {
  return (
    <main className="flex min-h-dvh flex-col items-center bg-background px-4 py-8 sm:justify-center sm:py-12">
      <Logo className="mb-6" markClassName="size-9" />
      <div className="w-full max-w-[28rem] rounded-xl border border-border bg-card p-6 shadow-elevated sm:p-8">
        {children}
      </div>
    </main>
  );
}

export interface AccountLinkPageProps {
  kind: AccountLinkKind;
  token: string;
  /** The password is set and the server signed the user in: the app stores the session and moves on. */
  onSignedIn: (answer: SetPasswordResponse) => void;
}

/**
 * `/invitation/:token` and `/reinitialiser/:token` (docs/domain/accounts.md#web-links-account-and-superadmin):
 * who the link is for, then « Choisissez votre mot de passe » with the meter; a link unknown, used or
 * expired says so and leads to the login.
 */
export function AccountLinkPage({ kind, token, onSignedIn }: AccountLinkPageProps) {
  const query = useQuery(accountLinkQueryOptions(kind, token));
  const copy = COPY[kind];

  if (query.isPending) {
    return (
      <LinkFrame>
        <Spinner className="py-10" label="Vérification du lien…" />
      </LinkFrame>
    );
  }
  if (query.isError) {
    const invalid = isApiError(query.error) && (query.error.status === 404 || query.error.status === 400);
    return (
      <LinkFrame>
        {invalid ? (
          <div className="flex flex-col items-center gap-4 text-center">
            <span className="flex size-12 items-center justify-center rounded-full bg-destructive-soft text-destructive">
              <Link2Off aria-hidden="true" className="size-6" />
            </span>
            <div className="flex flex-col gap-1.5">
              <h1 className="text-xl font-semibold tracking-tight">{copy.invalidTitle}</h1>
              <p className="text-sm text-muted-foreground">{copy.invalid}</p>
            </div>
            <Button asChild variant="outline" className="w-full">
              <Link to={paths.login}>Aller à la connexion</Link>
            </Button>
          </div>
        ) : (
          <div className="flex flex-col gap-4">
            <h1 className="text-xl font-semibold tracking-tight">Vérification du lien</h1>
            <LoadError
              title="Impossible de vérifier ce lien"
              message={query.error.message}
              onRetry={() => void query.refetch()}
            />
          </div>
        )}
      </LinkFrame>
    );
  }
  return (
    <LinkFrame>
      <SetPasswordForm kind={kind} token={token} info={query.data} onSignedIn={onSignedIn} />
    </LinkFrame>
  );
}

function SetPasswordForm({
  kind,
  token,
  info,
  onSignedIn,
}: {
  kind: AccountLinkKind;
  token: string;
  info: AccountLinkInfo;
  onSignedIn: (answer: SetPasswordResponse) => void;
}) {
  const copy = COPY[kind];
  const owner = useMemo(() => ({ email: info.email, fullName: info.full_name }), [info.email, info.full_name]);
  const resolver = useMemo(() => zodResolver(setPasswordFormSchema(owner)), [owner]);
  const {
    register,
    handleSubmit,
    watch,
    setError,
    formState: { errors, isSubmitting },
  } = useForm({
    resolver,
    defaultValues: { password: "", confirmation: "" },
    mode: "onSubmit",
    reValidateMode: "onChange",
  });
  const password = watch("password");

  const submit = handleSubmit(async ({ password: chosen }) => {
    try {
      onSignedIn(await setLinkPassword(kind, token, chosen));
    } catch (error) {
      const [field] = fieldErrorsFor(error, ["password"] as const);
      if (field) setError("password", { type: "server", message: field.message }, { shouldFocus: true });
      else if (isApiError(error) && error.status === 400) {
        setError("password", { type: "server", message: error.message }, { shouldFocus: true });
      } else toastFailure(copy.failure, error);
    }
  });

  return (
    <div className="flex flex-col gap-6">
      <div className="flex flex-col gap-1.5">
        <h1 className="text-xl font-semibold tracking-tight">
          {kind === "invitation"
            ? info.company_name
              ? `Bienvenue chez ${info.company_name}`
              : "Bienvenue sur Propulse"
            : "Réinitialiser votre mot de passe"}
        </h1>
        <p className="text-sm text-muted-foreground">
          <span className="font-medium text-foreground">{info.full_name}</span> ·{" "}
          <span className="break-all">{info.email}</span>
        </p>
      </div>
      <form noValidate onSubmit={submit} aria-labelledby="choose-password" className="flex flex-col gap-5">
        <h2 id="choose-password" className="flex items-center gap-2 text-[0.9375rem] font-semibold">
          <KeyRound aria-hidden="true" className="size-4 text-primary" />
          Choisissez votre mot de passe
        </h2>
        <NewPasswordFields
          label="Mot de passe"
          password={register("password")}
          confirmation={register("confirmation")}
          value={password}
          owner={owner}
          errors={{ password: errors.password?.message, confirmation: errors.confirmation?.message }}
        />
        <Button type="submit" size="lg" className="w-full" disabled={isSubmitting}>
          {isSubmitting ? (
            <>
              <LoaderCircle aria-hidden="true" className="animate-spin" />
              En cours…
            </>
          ) : (
            copy.submit
          )}
        </Button>
        <p className="text-center text-[0.8125rem] text-muted-foreground">
          Ce lien est valable jusqu’au {formatDateTime(info.expires_at)}.
        </p>
      </form>
    </div>
  );
}
