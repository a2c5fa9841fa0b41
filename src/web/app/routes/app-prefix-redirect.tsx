import { Navigate, useLocation } from "react-router";

/** /app → /, /app/invoices/… → /invoices/… (docs/domain/shell.md#routes); roles keep their /app/admin/roles routes. */
export function stripAppPrefix(pathname: string): string {
  const stripped = pathname.replace(/^\/app(?=\/|$)/, "");
  return stripped === "" ? "/" : stripped;
}

export function AppPrefixRedirect() {
  const { pathname, search, hash } = useLocation();
  return <Navigate to={`${stripAppPrefix(pathname)}${search}${hash}`} replace />;
}
