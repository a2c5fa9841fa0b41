import { splitFullName } from "@shared/session";
import type { AccountLinkKind } from "@web/features/account/api/account-keys";
import type { SetPasswordResponse } from "@web/features/account/api/account-links";
import { AccountLinkPage } from "@web/features/account/components/account-link-page";
import { LoginSuccess } from "@web/features/auth/components/login-success";
import { useAuth } from "@web/features/auth/hooks/auth-context";
import { postLoginPath } from "@web/features/auth/lib/redirect-target";
import { paths } from "@web/lib/paths";
import { useCallback, useState } from "react";
import { Navigate, useNavigate, useParams } from "react-router";

const TITLES = { invitation: "Invitation", "password-reset": "Nouveau mot de passe" } as const;

/**
 * `/invitation/:token` and `/reinitialiser/:token`, outside the signed-in layout: the password chosen,
 * the server's answer is a login answer, stored as the login stores its own, then the login's « Connexion
 * réussie » and the home page (docs/domain/accounts.md#web-links-account-and-superadmin).
 */
export function AccountLinkRoute({ kind }: { kind: AccountLinkKind }) {
  const { token = "" } = useParams();
  const { signInWith } = useAuth();
  const navigate = useNavigate();
  const [success, setSuccess] = useState<{ firstName: string; target: string } | null>(null);

  const signedIn = useCallback(
    (answer: SetPasswordResponse) => {
      const user = signInWith(answer);
      setSuccess({ firstName: splitFullName(user.full_name).firstName, target: postLoginPath(user, null) });
    },
    [signInWith],
  );
  const finish = useCallback(() => {
    if (success) navigate(success.target, { replace: true });
  }, [navigate, success]);

  if (!token) return <Navigate to={paths.login} replace />;
  if (success) {
    return (
      <>
        <title>Connexion réussie · Propulse</title>
        <LoginSuccess firstName={success.firstName} onDone={finish} />
      </>
    );
  }
  return (
    <>
      <title>{`${TITLES[kind]} · Propulse`}</title>
      <AccountLinkPage key={token} kind={kind} token={token} onSignedIn={signedIn} />
    </>
  );
}

export function InvitationRoute() {
  return <AccountLinkRoute kind="invitation" />;
}

export function PasswordResetRoute() {
  return <AccountLinkRoute kind="password-reset" />;
}
