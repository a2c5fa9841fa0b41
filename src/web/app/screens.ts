import { type ComponentType, lazy } from "react";

/** A lazily loaded chunk that remembers its module once loaded. */
export interface ScreenLoader<M> {
  (): Promise<M>;
  /** The module, when it has finished loading; undefined before. */
  loaded(): M | undefined;
}

function loader<M>(load: () => Promise<M>): ScreenLoader<M> {
  let module: M | undefined;
  let pending: Promise<M> | undefined;
  const get = () => {
    pending ??= load().then(
      (loadedModule) => {
        module = loadedModule;
        return loadedModule;
      },
      (error: unknown) => {
        // A chunk that failed to load (network) is asked for again next time.
        pending = undefined;
        throw error;
      },
    );
    return pending;
  };
  return Object.assign(get, { loaded: () => module });
}

/**
 * The lazily loaded parts of the app, one chunk each: the signed-in shell and every screen. The router
 * renders them through `lazyScreen`; route-preload.ts starts the same imports earlier, at start-up.
 */
export const screens = {
  appLayout: loader(() => import("./layouts/app-layout")),
  login: loader(() => import("./routes/login-route")),
  home: loader(() => import("./routes/home-route")),
  /** The company home's cards and their code: loaded with « / » only (features/dashboard/components/home-figures.ts). */
  homeFigures: loader(() => import("../features/dashboard/components/home-figures")),
  clients: loader(() => import("./routes/clients-route")),
  settings: loader(() => import("./routes/settings-route")),
  quotes: loader(() => import("./routes/quotes-route")),
  quoteNew: loader(() => import("./routes/quote-new-route")),
  library: loader(() => import("./routes/library-route")),
  teams: loader(() => import("./routes/teams-route")),
  equipment: loader(() => import("./routes/equipment-route")),
  vehicles: loader(() => import("./routes/vehicles-route")),
  projects: loader(() => import("./routes/projects-route")),
  projectNew: loader(() => import("./routes/project-new-route")),
  project: loader(() => import("./routes/project-route")),
  projectExecution: loader(() => import("./routes/project-execution-route")),
  calendar: loader(() => import("./routes/calendar-route")),
  invoices: loader(() => import("./routes/invoices-route")),
  reminders: loader(() => import("./routes/reminders-route")),
  journal: loader(() => import("./routes/journal-route")),
  invoice: loader(() => import("./routes/invoice-route")),
  invoiceNew: loader(() => import("./routes/invoice-new-route")),
  invoiceEdit: loader(() => import("./routes/invoice-edit-route")),
  accountLink: loader(() => import("./routes/account-link-route")),
  signing: loader(() => import("./routes/signing-route")),
  account: loader(() => import("./routes/account-route")),
  superadminHome: loader(() => import("./routes/superadmin-home-route")),
  superadminCompanies: loader(() => import("./routes/superadmin-companies-route")),
  superadminCompanyNew: loader(() => import("./routes/superadmin-company-new-route")),
  superadminCompany: loader(() => import("./routes/superadmin-company-route")),
  users: loader(() => import("./routes/users-route")),
  messages: loader(() => import("./routes/messages-route")),
  roles: loader(() => import("./routes/roles-route")),
  roleForm: loader(() => import("./routes/role-form-route")),
  rolePermissions: loader(() => import("./routes/role-permissions-route")),
  roleUsers: loader(() => import("./routes/role-users-route")),
  appPrefixRedirect: loader(() => import("./routes/app-prefix-redirect")),
};

/**
 * React.lazy over a screen's loader. A module already loaded (the route preloaded at start-up, main.tsx)
 * is handed over synchronously, so the screen renders at once instead of suspending: each suspension
 * shows a fallback, and React then holds the revealed content back for up to 300 ms (its fallback
 * throttle), which kept a cold start's list off the screen for a third of a second (ADR 0005 §10).
 */
// biome-ignore lint/suspicious/noExplicitAny: a component of any props, as React.lazy's own signature.
export function lazyScreen<M, P = any>(load: ScreenLoader<M>, pick: (module: M) => ComponentType<P>) {
  return lazy(() => {
    const module = load.loaded();
    if (!module) return load().then((loadedModule) => ({ default: pick(loadedModule) }));
    // A thenable that calls back at once: React.lazy then marks the component resolved before rendering.
    const ready = { default: pick(module) };
    // biome-ignore lint/suspicious/noThenProperty: a thenable on purpose, React.lazy reads it synchronously.
    return { then: (resolve: (value: typeof ready) => void) => resolve(ready) } as unknown as Promise<typeof ready>;
  });
}
