/** Every in-app path in one place (docs/domain/shell.md#routes). */
export const paths = {
  home: "/",
  login: "/login",
  app: "/app",
  projects: "/projects",
  projectNew: "/projects/new",
  project: (id: string) => `/projects/${encodeURIComponent(id)}`,
  projectExecution: (id: string) => `/projects/${encodeURIComponent(id)}/execution`,
  clients: "/clients",
  clientNew: "/clients/new",
  teams: "/teams",
  calendar: "/calendar",
  settings: "/settings",
  quotes: "/quotes",
  quoteNew: "/quotes/new",
  /** A quote opened over the list (docs/domain/quotes.md#screen). */
  quote: (id: string) => `/quotes/${encodeURIComponent(id)}`,
  library: "/library",
  vehicles: "/vehicles",
  equipment: "/equipment",
  users: "/users",
  /** « Messages envoyés »: the outbox (docs/domain/messages.md#screens). */
  messages: "/messages",
  invoices: "/invoices",
  /** « Journal et comptabilité »: the unalterable journal, its closings, the FEC (docs/domain/journal.md). */
  journal: "/journal",
  /** « À relancer »: quotes without answer, late invoices (docs/domain/messages.md#to-remind). */
  reminders: "/relances",
  invoiceNew: "/invoices/new",
  invoice: (id: string) => `/invoices/${encodeURIComponent(id)}`,
  invoiceEdit: (id: string) => `/invoices/${encodeURIComponent(id)}/edit`,
  roles: "/app/admin/roles",
  roleNew: "/app/admin/roles/new",
  role: (roleId: string) => `/app/admin/roles/${encodeURIComponent(roleId)}`,
  rolePermissions: (roleId: string) => `/app/admin/roles/${encodeURIComponent(roleId)}/permissions`,
  roleUsers: (roleId: string) => `/app/admin/roles/${encodeURIComponent(roleId)}/users`,
  superadmin: "/superadmin",
  superadminCompanies: "/superadmin/companies",
  superadminCompanyNew: "/superadmin/companies/new",
  superadminCompany: (id: string) => `/superadmin/companies/${encodeURIComponent(id)}`,
  /** « Mon compte », for every signed-in user (the SuperAdmin too). */
  account: "/account",
  /** The public pages of the one-time links (docs/domain/accounts.md). */
  invitation: "/invitation/:token",
  passwordReset: "/reinitialiser/:token",
  /** The public page of a quote's signing link (docs/domain/signing.md#the-page). */
  signing: "/signer/:token",
} as const;
