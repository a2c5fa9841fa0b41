import { requireAuth } from "@server/plugins/auth";
import {
  activeProjectsSchema,
  dashboardAlertsSchema,
  dashboardHistorySchema,
  dashboardStatsSchema,
  todayTasksSchema,
} from "@shared/dashboard";
import { errorResponseSchema } from "@shared/http";
import type { AppModule } from "../module";
import { createDashboardService, DASHBOARD_ACCESS } from "./dashboard.service";

const tags = ["Tableau de bord"];
const errorsOf = { 403: errorResponseSchema };

/** The company home's figures, day, worksites, alerts and history (docs/domain/dashboard.md). */
export const dashboardModule: AppModule = async (app, { db }) => {
  const service = createDashboardService(db);

  app.get(
    "/api/dashboard/stats",
    {
      config: { access: { signedIn: true } },
      schema: {
        tags,
        summary:
          "Les indicateurs de l’accueil (CA du mois, croissance, clients actifs, chantiers, devis en attente, satisfaction, véhicules à surveiller) et leur évolution sur un mois\u202f; un indicateur sans la permission de le voir vaut null",
        response: { 200: dashboardStatsSchema, ...errorsOf },
      },
    },
    async (request) => service.stats(requireAuth(request)),
  );

  app.get(
    "/api/dashboard/today-tasks",
    {
      config: { access: { permission: DASHBOARD_ACCESS.todayTasks } },
      schema: {
        tags,
        summary:
          "Les chantiers du jour (planning\u00a0: de la date de début sur la durée estimée, week-ends non comptés) des équipes de l’utilisateur, ou de toute l’entreprise pour un chef d’équipe ou un administrateur",
        response: { 200: todayTasksSchema, ...errorsOf },
      },
    },
    async (request) => service.todayTasks(requireAuth(request)),
  );

  app.get(
    "/api/dashboard/active-projects",
    {
      config: { access: { permission: DASHBOARD_ACCESS.activeProjects } },
      schema: {
        tags,
        summary: "Les premiers chantiers à faire, en cours ou en pause que l’utilisateur voit (en cours d’abord)",
        response: { 200: activeProjectsSchema, ...errorsOf },
      },
    },
    async (request) => service.activeProjects(requireAuth(request)),
  );

  app.get(
    "/api/dashboard/alerts",
    {
      config: { access: { permission: DASHBOARD_ACCESS.alerts } },
      schema: {
        tags,
        summary:
          "Ce qui demande une action (chef d’équipe ou administrateur)\u00a0: devis en attente depuis plus de 48\u00a0h, factures en retard, véhicules à surveiller",
        response: { 200: dashboardAlertsSchema, ...errorsOf },
      },
    },
    async (request) => service.alerts(requireAuth(request)),
  );

  app.get(
    "/api/dashboard/history",
    {
      config: { access: { permission: DASHBOARD_ACCESS.history } },
      schema: {
        tags,
        summary:
          "Les 12 derniers mois\u00a0: facturé HT (net des avoirs), encaissé, et le taux d’acceptation des devis",
        response: { 200: dashboardHistorySchema, ...errorsOf },
      },
    },
    async (request) => service.history(requireAuth(request)),
  );
};
