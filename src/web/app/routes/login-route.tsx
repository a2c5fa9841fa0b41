import type { LoginBody } from "@shared/auth";
import { LoginPage } from "@web/features/auth/components/login-page";
import { useAuth } from "@web/features/auth/hooks/auth-context";
import { postLoginPath, requestedPathFrom } from "@web/features/auth/lib/redirect-target";
import { useCallback, useState } from "react";
import { Navigate, useLocation, useNavigate } from "react-router";

/**
 * /login: idle → submitting → straight to the page asked for, or the dashboard (docs/domain/auth.md#sign-in).
 * No « Connexion réussie ! » screen in between: it held every sign-in 2.3 s (issue 32, ADR 0027); the
 * dashboard greets the user by name.
 */
export function LoginRoute() {
  const { user, isAuthenticated, login } = useAuth();
  const location = useLocation();
  const navigate = useNavigate();
  const [submitting, setSubmitting] = useState(false);
  const requested = requestedPathFrom(location.state, location.search);

  const submit = useCallback(
    async ({ email, password }: LoginBody) => {
      setSubmitting(true);
      try {
        const signedIn = await login(email, password);
        navigate(postLoginPath(signedIn, requested), { replace: true });
      } finally {
        setSubmitting(false);
      }
    },
    [login, navigate, requested],
  );

  // Already signed in (and not in the middle of this login): leave at once.
  if (isAuthenticated && user && !submitting) return <Navigate to={postLoginPath(user, requested)} replace />;

  return (
    <>
      <title>Connexion · Propulse</title>
      <LoginPage onSubmit={submit} />
    </>
  );
}
