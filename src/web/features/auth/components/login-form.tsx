import { FORGOT_PASSWORD_TEXT } from "@shared/account-rules";
import type { LoginBody } from "@shared/auth";
import { LOGIN_REQUIRED_MESSAGE } from "@shared/session";
import { Alert, AlertDescription } from "@web/components/ui/alert";
import { Button } from "@web/components/ui/button";
import { Input } from "@web/components/ui/input";
import { Label } from "@web/components/ui/label";
import { PasswordInput } from "@web/components/ui/password-input";
import { toast } from "@web/lib/toast";
import { CircleExclamationPoint, LoaderCircle } from "lucide-react";
import { useState } from "react";
import { useForm } from "react-hook-form";

/**
 * « Mot de passe oublié ? »: the administrator sends a one-time reset link (docs/domain/accounts.md);
 * `ACCOUNT_TEXTS.forgotPassword`, read from its zod-free module (no zod on the login page).
 */
export const FORGOT_PASSWORD_MESSAGE = FORGOT_PASSWORD_TEXT;

/**
 * Both fields are required (docs/domain/auth.md#sign-in); the server applies the full shared `loginBodySchema`.
 * No zod resolver here on purpose: zod (~90 kB gzipped) would land on the login page's critical path.
 */
const required = (value: string) => value.trim() !== "" || LOGIN_REQUIRED_MESSAGE;

export interface LoginFormProps {
  /** Resolves on success; rejects with an Error whose message is shown in the red alert. */
  onSubmit: (values: LoginBody) => Promise<void>;
}

/** E-mail + password form (docs/domain/auth.md#sign-in): the e-mail is trimmed, the password sent as typed. */
export function LoginForm({ onSubmit }: LoginFormProps) {
  const [serverError, setServerError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<LoginBody>({
    defaultValues: { email: "", password: "" },
    mode: "onSubmit",
    reValidateMode: "onSubmit",
  });

  const submit = handleSubmit(async (values) => {
    setServerError(null);
    try {
      await onSubmit({ email: values.email.trim(), password: values.password });
    } catch (error) {
      setServerError(error instanceof Error ? error.message : "Erreur de connexion");
    }
  });

  const validationError = errors.email || errors.password ? LOGIN_REQUIRED_MESSAGE : null;
  const message = validationError ?? serverError;

  return (
    <form
      noValidate
      onSubmit={submit}
      className="flex flex-col gap-5"
      aria-describedby={message ? "login-error" : undefined}
    >
      {message && (
        <Alert variant="destructive" role="alert" id="login-error">
          <CircleExclamationPoint aria-hidden="true" />
          <AlertDescription>{message}</AlertDescription>
        </Alert>
      )}

      <div className="flex flex-col gap-2">
        <Label htmlFor="login-email">Adresse e-mail</Label>
        <Input
          id="login-email"
          type="email"
          autoComplete="username"
          inputMode="email"
          autoCapitalize="none"
          spellCheck={false}
          placeholder="vous@entreprise.fr"
          aria-invalid={errors.email ? true : undefined}
          {...register("email", { validate: required })}
        />
      </div>

      <div className="flex flex-col gap-2">
        <div className="flex items-center justify-between gap-2">
          <Label htmlFor="login-password">Mot de passe</Label>
          <button
            type="button"
            onClick={() => toast.info(FORGOT_PASSWORD_MESSAGE)}
            className="-my-2 rounded-sm py-2 text-sm font-medium text-primary hover:underline"
          >
            Mot de passe oublié&#8239;?
          </button>
        </div>
        <PasswordInput
          id="login-password"
          autoComplete="current-password"
          aria-invalid={errors.password ? true : undefined}
          {...register("password", { validate: required })}
        />
      </div>

      <Button type="submit" size="lg" className="mt-1 w-full" disabled={isSubmitting}>
        {isSubmitting ? (
          <>
            <LoaderCircle aria-hidden="true" className="animate-spin" />
            Connexion en cours…
          </>
        ) : (
          "Se connecter"
        )}
      </Button>
    </form>
  );
}
