import { ACCOUNT_TEXTS } from "@shared/account-rules";
import { useQuery } from "@tanstack/react-query";
import { toastFailure } from "@web/lib/api-errors";
import { paths } from "@web/lib/paths";
import { useEffect } from "react";
import { useNavigate } from "react-router";
import { roleQueryOptions } from "../api/get-roles";

/**
 * The role a page edits; when it cannot be read (another company's id, a deleted role), the spec's
 * « Erreur de chargement du rôle : {message} », then back to the roles list (spec 3 §8).
 */
export function useRoleOrBack(roleId: string | null) {
  const navigate = useNavigate();
  const query = useQuery({ ...roleQueryOptions(roleId ?? ""), enabled: roleId !== null, retry: false });
  const failed = query.isError;
  const error = query.error;
  useEffect(() => {
    if (!failed) return;
    toastFailure(ACCOUNT_TEXTS.roleLoadFailed, error);
    navigate(paths.roles, { replace: true });
  }, [failed, error, navigate]);
  return query;
}
