import type { PermissionCode } from "@shared/permissions";
import { createContext, useContext } from "react";

/** Whether the signed-in user holds a permission (docs/domain/permissions.md#in-the-browser). */
export type Can = (permission: PermissionCode) => boolean;

/**
 * The one way a screen asks about permissions: `useCan("quotes:create")`. The app provides the signed-in
 * user's checks (app/providers.tsx); without a provider nothing is allowed. The server stays the
 * authority: the screens only hide or disable what it would refuse.
 */
export const CanContext = createContext<Can>(() => false);

export function useCan(permission: PermissionCode): boolean {
  return useContext(CanContext)(permission);
}
