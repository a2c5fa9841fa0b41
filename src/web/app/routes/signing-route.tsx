import { SIGNING_TEXTS } from "@shared/signing-rules";
import { SigningPage } from "@web/features/signing/components/signing-page";
import { paths } from "@web/lib/paths";
import { Navigate, useParams } from "react-router";

/**
 * `/signer/:token`, outside the signed-in layout and without its session: the client reads and signs a
 * quote on his phone, or the artisan hands his own phone over on site (docs/domain/signing.md#the-page).
 */
export function SigningRoute() {
  const { token = "" } = useParams();
  if (!token) return <Navigate to={paths.login} replace />;
  return (
    <>
      <title>{`${SIGNING_TEXTS.title} · Propulse`}</title>
      <meta name="robots" content="noindex" />
      <SigningPage key={token} token={token} />
    </>
  );
}
