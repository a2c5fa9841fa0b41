import { hasPermission, isSuperAdmin } from "@shared/permissions";
import type { QueryClient } from "@tanstack/react-query";
import { normaliseAuthUser } from "@web/features/auth/api/auth-user";
import { paths } from "@web/lib/paths";
import { getStoredUserRaw, getToken } from "@web/lib/session";
import { screens } from "./screens";

type Can = (permission: string) => boolean;

interface SignedInRoute {
  screen: () => Promise<unknown>;
  /** Held by the user, or the screen shows « Accès refusé » and its data is not asked for. */
  permission?: string;
  /** The screen's first queries, with its own queryOptions (features/<x>/api/prefetch-*.ts). */
  data?: (queryClient: QueryClient, can: Can) => Promise<unknown>;
}

/** The signed-in screens a cold start can land on (a bookmark, the installed app's start URL « / »). */
const ROUTES: Record<string, SignedInRoute> = {
  // The home's cards ask for their figures once the greeting has painted (home-route.tsx).
  [paths.home]: { screen: screens.home },
  [paths.clients]: {
    screen: screens.clients,
    permission: "clients:view",
    data: (client) => import("@web/features/clients/api/prefetch-clients").then((m) => m.prefetchClientsScreen(client)),
  },
  [paths.quotes]: {
    screen: screens.quotes,
    permission: "quotes:view",
    data: (client, can) =>
      import("@web/features/quotes/api/prefetch-quotes").then((m) => m.prefetchQuotesScreen(client, can)),
  },
  [paths.library]: {
    screen: screens.library,
    permission: "library:view",
    data: (client) => import("@web/features/library/api/prefetch-library").then((m) => m.prefetchLibraryScreen(client)),
  },
  [paths.equipment]: {
    screen: screens.equipment,
    permission: "equipment:view",
    data: (client) =>
      import("@web/features/equipment/api/prefetch-equipment").then((m) => m.prefetchEquipmentScreen(client)),
  },
  [paths.vehicles]: {
    screen: screens.vehicles,
    permission: "vehicles:view",
    data: (client) =>
      import("@web/features/vehicles/api/prefetch-vehicles").then((m) => m.prefetchVehiclesScreen(client)),
  },
  [paths.projects]: {
    screen: screens.projects,
    permission: "projects:view",
    data: (client) =>
      import("@web/features/projects/api/prefetch-projects").then((m) => m.prefetchProjectsScreen(client)),
  },
  [paths.invoices]: {
    screen: screens.invoices,
    permission: "invoices:view",
    data: (client) =>
      import("@web/features/invoices/api/prefetch-invoices").then((m) => m.prefetchInvoicesScreen(client)),
  },
  [paths.calendar]: {
    screen: screens.calendar,
    permission: "calendar:view",
    data: (client) =>
      import("@web/features/planning/api/prefetch-planning").then((m) => m.prefetchPlanningScreen(client)),
  },
  [paths.teams]: {
    screen: screens.teams,
    permission: "teams:view",
    data: (client) => import("@web/features/teams/api/prefetch-teams").then((m) => m.prefetchTeamsScreen(client)),
  },
  [paths.settings]: {
    screen: screens.settings,
    permission: "settings:view",
    data: (client) =>
      import("@web/features/company/api/prefetch-company").then((m) => m.prefetchSettingsScreen(client)),
  },
  [paths.users]: {
    screen: screens.users,
    permission: "users:view",
    data: (client, can) =>
      import("@web/features/users/api/prefetch-users").then((m) => m.prefetchUsersScreen(client, can)),
  },
  [paths.roles]: {
    screen: screens.roles,
    permission: "roles:view",
    data: (client) => import("@web/features/roles/api/prefetch-roles").then((m) => m.prefetchRolesScreen(client)),
  },
};

/** The SuperAdmin's screens a cold start can land on (the platform area). */
const PLATFORM_ROUTES: Record<string, SignedInRoute> = {
  [paths.superadmin]: {
    screen: screens.superadminHome,
    data: (client) =>
      import("@web/features/superadmin/api/prefetch-superadmin").then((m) => m.prefetchPlatformDashboard(client)),
  },
  [paths.superadminCompanies]: {
    screen: screens.superadminCompanies,
    data: (client) =>
      import("@web/features/superadmin/api/prefetch-superadmin").then((m) => m.prefetchPlatformCompanies(client)),
  },
};

/** « Mon compte », for everyone signed in. */
const ACCOUNT_ROUTE: SignedInRoute = {
  screen: screens.account,
  data: (client) => import("@web/features/account/api/prefetch-account").then((m) => m.prefetchAccountScreen(client)),
};

/** The public pages of the one-time links: their own code, signed in or not. */
const LINK_PAGE = /^\/(invitation|reinitialiser)\/[^/]+\/?$/;
/** The public page of a quote's signing link (docs/domain/signing.md#the-page): its own code, no session. */
const SIGNING_PAGE = /^\/signer\/[^/]+\/?$/;

/**
 * At start-up, with a stored session: loads the shell's and the screen's code and asks for the screen's
 * data at once, in parallel with the session check (GET /api/auth/verify), instead of one after the
 * other (entry → verify → layout chunk → route chunk → data). The data goes into the query cache under
 * the keys the screen reads. A session the server refuses is cleared by the API client as for any call;
 * the query cache is then emptied (AuthProvider). Without a session, the login screen's code.
 * Resolves when that code has loaded (or failed to: the router then loads it again and reports it), so
 * that main.tsx renders the screen at once rather than a fallback first (ADR 0005 §10).
 */
export function preloadRoute(queryClient: QueryClient, pathname: string): Promise<void> {
  const settled = (...loads: Promise<unknown>[]) => Promise.allSettled(loads).then(() => undefined);
  if (LINK_PAGE.test(pathname)) return settled(screens.accountLink());
  if (SIGNING_PAGE.test(pathname)) return settled(screens.signing());
  if (!getToken()) return settled(screens.login());
  const user = normaliseAuthUser(getStoredUserRaw());
  if (!user) return settled();
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, "") : pathname;
  // A SuperAdmin is sent to /superadmin: nothing of the company screens is needed.
  const superAdmin = isSuperAdmin(user);
  const route = path === paths.account ? ACCOUNT_ROUTE : superAdmin ? PLATFORM_ROUTES[path] : ROUTES[path];
  if (!route) return superAdmin ? settled() : settled(screens.appLayout());
  const can: Can = (permission) => hasPermission(user, permission);
  if (route.data && (!route.permission || can(route.permission))) route.data(queryClient, can).catch(() => {});
  return settled(screens.appLayout(), route.screen());
}
