import { type ComponentType, Suspense } from "react";
import { createBrowserRouter, Navigate, type RouteObject } from "react-router";
import { Spinner } from "../components/ui/spinner";
import { paths } from "../lib/paths";
import { CompanyRoute, ProtectedRoute, SuperAdminRoute } from "./layouts/protected-route";
import { RouteError } from "./routes/route-error";
import { lazyScreen, screens } from "./screens";

/* Route-level code splitting: each screen is its own chunk, and so is the signed-in shell
   (sidebar, drawers, tooltips), which the login page never needs (screens.ts; route-preload.ts starts
   them at start-up for a signed-in cold start). */
const AppLayout = lazyScreen(screens.appLayout, (m) => m.AppLayout);
const LoginRoute = lazyScreen(screens.login, (m) => m.LoginRoute);
const HomeRoute = lazyScreen(screens.home, (m) => m.HomeRoute);
const SuperAdminHomeRoute = lazyScreen(screens.superadminHome, (m) => m.SuperAdminHomeRoute);
const SuperAdminCompaniesRoute = lazyScreen(screens.superadminCompanies, (m) => m.SuperAdminCompaniesRoute);
const SuperAdminCompanyNewRoute = lazyScreen(screens.superadminCompanyNew, (m) => m.SuperAdminCompanyNewRoute);
const SuperAdminCompanyRoute = lazyScreen(screens.superadminCompany, (m) => m.SuperAdminCompanyRoute);
const InvitationRoute = lazyScreen(screens.accountLink, (m) => m.InvitationRoute);
const PasswordResetRoute = lazyScreen(screens.accountLink, (m) => m.PasswordResetRoute);
const SigningRoute = lazyScreen(screens.signing, (m) => m.SigningRoute);
const AccountRoute = lazyScreen(screens.account, (m) => m.AccountRoute);
const ClientsRoute = lazyScreen(screens.clients, (m) => m.ClientsRoute);
const SettingsRoute = lazyScreen(screens.settings, (m) => m.SettingsRoute);
const QuotesRoute = lazyScreen(screens.quotes, (m) => m.QuotesRoute);
const QuoteNewRoute = lazyScreen(screens.quoteNew, (m) => m.QuoteNewRoute);
const LibraryRoute = lazyScreen(screens.library, (m) => m.LibraryRoute);
const TeamsRoute = lazyScreen(screens.teams, (m) => m.TeamsRoute);
const EquipmentRoute = lazyScreen(screens.equipment, (m) => m.EquipmentRoute);
const VehiclesRoute = lazyScreen(screens.vehicles, (m) => m.VehiclesRoute);
const ProjectsRoute = lazyScreen(screens.projects, (m) => m.ProjectsRoute);
const ProjectNewRoute = lazyScreen(screens.projectNew, (m) => m.ProjectNewRoute);
const ProjectRoute = lazyScreen(screens.project, (m) => m.ProjectRoute);
const ProjectExecutionRoute = lazyScreen(screens.projectExecution, (m) => m.ProjectExecutionRoute);
const CalendarRoute = lazyScreen(screens.calendar, (m) => m.CalendarRoute);
const InvoicesRoute = lazyScreen(screens.invoices, (m) => m.InvoicesRoute);
const RemindersRoute = lazyScreen(screens.reminders, (m) => m.RemindersRoute);
const JournalRoute = lazyScreen(screens.journal, (m) => m.JournalRoute);
const InvoiceRoute = lazyScreen(screens.invoice, (m) => m.InvoiceRoute);
const InvoiceNewRoute = lazyScreen(screens.invoiceNew, (m) => m.InvoiceNewRoute);
const InvoiceEditRoute = lazyScreen(screens.invoiceEdit, (m) => m.InvoiceEditRoute);
const UsersRoute = lazyScreen(screens.users, (m) => m.UsersRoute);
const MessagesRoute = lazyScreen(screens.messages, (m) => m.MessagesRoute);
const RolesRoute = lazyScreen(screens.roles, (m) => m.RolesRoute);
const RoleNewRoute = lazyScreen(screens.roleForm, (m) => m.RoleNewRoute);
const RoleEditRoute = lazyScreen(screens.roleForm, (m) => m.RoleEditRoute);
const RolePermissionsRoute = lazyScreen(screens.rolePermissions, (m) => m.RolePermissionsRoute);
const RoleUsersRoute = lazyScreen(screens.roleUsers, (m) => m.RoleUsersRoute);
const AppPrefixRedirect = lazyScreen(screens.appPrefixRedirect, (m) => m.AppPrefixRedirect);

function element(Component: ComponentType) {
  return <Component />;
}

/** The route table of docs/domain/shell.md#routes (paths relative to the root layout). */
const companyRoutes: RouteObject[] = [
  { index: true, element: element(HomeRoute) },
  { path: "projects", element: element(ProjectsRoute) },
  { path: "projects/new", element: element(ProjectNewRoute) },
  { path: "projects/:id", element: element(ProjectRoute) },
  { path: "projects/:id/execution", element: element(ProjectExecutionRoute) },
  { path: "clients", element: element(ClientsRoute) },
  { path: "clients/new", element: element(ClientsRoute) },
  { path: "teams", element: element(TeamsRoute) },
  { path: "calendar", element: element(CalendarRoute) },
  { path: "settings", element: element(SettingsRoute) },
  { path: "app/admin/roles", element: element(RolesRoute) },
  { path: "app/admin/roles/new", element: element(RoleNewRoute) },
  { path: "app/admin/roles/:roleId", element: element(RoleEditRoute) },
  { path: "app/admin/roles/:roleId/permissions", element: element(RolePermissionsRoute) },
  { path: "app/admin/roles/:roleId/users", element: element(RoleUsersRoute) },
  { path: "quotes", element: element(QuotesRoute) },
  { path: "quotes/new", element: element(QuoteNewRoute) },
  { path: "quotes/:id", element: element(QuotesRoute) },
  { path: "library", element: element(LibraryRoute) },
  { path: "vehicles", element: element(VehiclesRoute) },
  { path: "equipment", element: element(EquipmentRoute) },
  { path: "users", element: element(UsersRoute) },
  { path: "messages", element: element(MessagesRoute) },
  { path: "invoices", element: element(InvoicesRoute) },
  { path: "journal", element: element(JournalRoute) },
  { path: "relances", element: element(RemindersRoute) },
  { path: "invoices/new", element: element(InvoiceNewRoute) },
  { path: "invoices/:id", element: element(InvoiceRoute) },
  { path: "invoices/:id/edit", element: element(InvoiceEditRoute) },
];

/** The platform area (docs/domain/accounts.md#web-links-account-and-superadmin); no subscriptions or settings screen. */
const superAdminRoutes: RouteObject[] = [
  { index: true, element: element(SuperAdminHomeRoute) },
  { path: "companies", element: element(SuperAdminCompaniesRoute) },
  { path: "companies/new", element: element(SuperAdminCompanyNewRoute) },
  { path: "companies/:id", element: element(SuperAdminCompanyRoute) },
  { path: "subscriptions", element: <Navigate to={paths.superadmin} replace /> },
  { path: "settings", element: <Navigate to={paths.superadmin} replace /> },
];

/** A public page outside the signed-in layout (the login, the one-time links). */
function publicPage(path: string, Component: ComponentType): RouteObject {
  return {
    path,
    errorElement: <RouteError />,
    element: (
      <Suspense fallback={<Spinner fullScreen label="Chargement…" />}>
        <Component />
      </Suspense>
    ),
  };
}

export const routes: RouteObject[] = [
  publicPage(paths.login, LoginRoute),
  publicPage(paths.invitation, InvitationRoute),
  publicPage(paths.passwordReset, PasswordResetRoute),
  publicPage(paths.signing, SigningRoute),
  {
    path: "/",
    errorElement: <RouteError />,
    element: (
      <ProtectedRoute>
        <Suspense fallback={<Spinner fullScreen label="Chargement…" />}>
          <AppLayout />
        </Suspense>
      </ProtectedRoute>
    ),
    children: [
      { element: <CompanyRoute />, errorElement: <RouteError layout="content" />, children: companyRoutes },
      {
        path: "superadmin",
        element: <SuperAdminRoute />,
        errorElement: <RouteError layout="content" />,
        children: superAdminRoutes,
      },
      // « Mon compte »: every signed-in user, the SuperAdmin too (outside the company guard).
      { path: "account", element: element(AccountRoute), errorElement: <RouteError layout="content" /> },
      // /app → /, /app/invoices/… → /invoices/… (docs/domain/shell.md#routes).
      { path: "app", element: <Navigate to={paths.home} replace /> },
      { path: "app/*", element: element(AppPrefixRedirect) },
    ],
  },
  { path: "*", element: <Navigate to={paths.home} replace /> },
];

export function createAppRouter() {
  return createBrowserRouter(routes);
}
