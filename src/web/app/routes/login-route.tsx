import type { LoginBody } from "@shared/auth";
import { splitFullName } from "@shared/session";
import { LoginPage } from "@web/features/auth/components/login-page";
import { LoginSuccess } from "@web/features/auth/components/login-success";
import { useAuth } from "@web/features/auth/hooks/auth-context";
import { postLoginPath, requestedPathFrom } from "@web/features/auth/lib/redirect-target";
import { useCallback, useState } from "react";
import { Navigate, useLocation, useNavigate } from "react-router";

type Phase = { kind: "form" } | { kind: "success"; firstName: string; target: string };

/** /login: idle → submitting → success animation → redirect (docs/domain/auth.md#sign-in). */
export function LoginRoute() {
  const { user, isAuthenticated, login } = useAuth();
  const location = useLocation();
  const navigate = useNavigate();
  const [phase, setPhase] = useState<Phase>({ kind: "form" });
  const [submitting, setSubmitting] = useState(false);
  const requested = requestedPathFrom(location.state, location.search);

  const submit = useCallback(
    async ({ email, password }: LoginBody) => {
      setSubmitting(true);
      try {
        const signedIn = await login(email, password);
        setPhase({
          kind: "success",
          firstName: splitFullName(signedIn.full_name).firstName,
          target: postLoginPath(signedIn, requested),
        });
      } finally {
        setSubmitting(false);
      }
    },
    [login, requested],
  );

  const finish = useCallback(() => {
    if (phase.kind === "success") navigate(phase.target, { replace: true });
  }, [navigate, phase]);

  if (phase.kind === "success") {
    return (
      <>
        <title>Connexion réussie · Propulse</title>
        <LoginSuccess firstName={phase.firstName} onDone={finish} />
      </>
    );
  }
  // Already signed in (and not in the middle of this login): leave at once.
  if (isAuthenticated && user && !submitting) return <Navigate to={postLoginPath(user, requested)} replace />;

  return (
    <>
      <title>Connexion · Propulse</title>
      <LoginPage onSubmit={submit} />
    </>
  );
}
