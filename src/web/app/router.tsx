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
const SuperAdminHomeRoute = lazyScreen(screens.home, (m) => m.SuperAdminHomeRoute);
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
const InvoiceRoute = lazyScreen(screens.invoice, (m) => m.InvoiceRoute);
const InvoiceNewRoute = lazyScreen(screens.invoiceNew, (m) => m.InvoiceNewRoute);
const InvoiceEditRoute = lazyScreen(screens.invoiceEdit, (m) => m.InvoiceEditRoute);
const ComingSoonRoute = lazyScreen(screens.comingSoon, (m) => m.ComingSoonRoute);
const AppPrefixRedirect = lazyScreen(screens.appPrefixRedirect, (m) => m.AppPrefixRedirect);

/** A screen whose issue is not done yet: title as h1 and « Bientôt disponible ». */
function soon(path: string, title: string, backTo?: string, backLabel?: string): RouteObject {
  return { path, element: <ComingSoonRoute title={title} backTo={backTo} backLabel={backLabel} /> };
}

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
  soon("app/admin/roles", "Rôles"),
  soon("app/admin/roles/new", "Nouveau rôle", paths.roles, "Retour aux rôles"),
  soon("app/admin/roles/:roleId", "Modifier le rôle", paths.roles, "Retour aux rôles"),
  soon("app/admin/roles/:roleId/permissions", "Permissions du rôle", paths.roles, "Retour aux rôles"),
  soon("app/admin/roles/:roleId/users", "Utilisateurs du rôle", paths.roles, "Retour aux rôles"),
  { path: "quotes", element: element(QuotesRoute) },
  { path: "quotes/new", element: element(QuoteNewRoute) },
  { path: "library", element: element(LibraryRoute) },
  { path: "vehicles", element: element(VehiclesRoute) },
  { path: "equipment", element: element(EquipmentRoute) },
  soon("users", "Utilisateurs"),
  { path: "invoices", element: element(InvoicesRoute) },
  { path: "invoices/new", element: element(InvoiceNewRoute) },
  { path: "invoices/:id", element: element(InvoiceRoute) },
  { path: "invoices/:id/edit", element: element(InvoiceEditRoute) },
];

const back = [paths.superadmin, "Retour au tableau de bord"] as const;
const superAdminRoutes: RouteObject[] = [
  { index: true, element: element(SuperAdminHomeRoute) },
  soon("companies", "Entreprises", ...back),
  soon("companies/new", "Nouvelle entreprise", paths.superadminCompanies, "Retour aux entreprises"),
  soon("subscriptions", "Abonnements", ...back),
  soon("settings", "Paramètres plateforme", ...back),
];

export const routes: RouteObject[] = [
  {
    path: paths.login,
    errorElement: <RouteError />,
    element: (
      <Suspense fallback={<Spinner fullScreen label="Chargement…" />}>
        <LoginRoute />
      </Suspense>
    ),
  },
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
