import { accountingModule } from "./accounting/accounting.routes";
import { accountsModule } from "./accounts/accounts.routes";
import { authModule } from "./auth/auth.routes";
import { clientsModule } from "./clients/clients.routes";
import { companyModule } from "./company/company.routes";
import { dashboardModule } from "./dashboard/dashboard.routes";
import { equipmentTemplatesModule } from "./equipment-templates/equipment-templates.routes";
import { filesModule } from "./files/files.routes";
import { healthModule } from "./health/health.routes";
import { invoicesModule } from "./invoices/invoices.routes";
import { journalModule } from "./journal/journal.routes";
import { libraryModule } from "./library/library.routes";
import { messagesModule } from "./messages/messages.routes";
import type { AppModule } from "./module";
import { notificationsModule } from "./notifications/notifications.routes";
import { permissionsModule } from "./permissions/permissions.routes";
import { planningModule } from "./planning/planning.routes";
import { projectPhotosModule } from "./projects/project-photos.routes";
import { projectsModule } from "./projects/projects.routes";
import { quoteTemplatesModule } from "./quote-templates/quote-templates.routes";
import { quotesModule } from "./quotes/quotes.routes";
import { signingModule } from "./quotes/signing.routes";
import { remindersModule } from "./reminders/reminders.routes";
import { superadminModule } from "./superadmin/superadmin.routes";
import { teamsModule } from "./teams/teams.routes";
import { companyUsersModule } from "./users/company-users.routes";
import { rolesModule } from "./users/roles.routes";
import { vehiclesModule } from "./vehicles/vehicles.routes";

/**
 * Every module of the API, registered in this order by buildApp. A new module is a folder under
 * modules/ and one line here; the route walk test (src/server/test/routes.test.ts) covers it at once.
 */
export const MODULES: readonly AppModule[] = [
  healthModule,
  authModule,
  permissionsModule,
  clientsModule,
  companyModule,
  filesModule,
  quotesModule,
  quoteTemplatesModule,
  libraryModule,
  teamsModule,
  equipmentTemplatesModule,
  vehiclesModule,
  projectsModule,
  projectPhotosModule,
  planningModule,
  invoicesModule,
  companyUsersModule,
  rolesModule,
  accountsModule,
  superadminModule,
  dashboardModule,
  signingModule,
  notificationsModule,
  messagesModule,
  remindersModule,
  journalModule,
  accountingModule,
];
