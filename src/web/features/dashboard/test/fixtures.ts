import type {
  ActiveProject,
  DashboardAlert,
  DashboardAlerts,
  DashboardHistory,
  DashboardStats,
  TodayTask,
} from "@shared/dashboard";

/** An administrator's stats: every figure, with its changes. */
export function makeDashboardStats(overrides: Partial<DashboardStats> = {}): DashboardStats {
  return {
    monthlyRevenue: 12_449.5,
    activeClients: 37,
    monthlyGrowth: 12.5,
    activeProjects: 8,
    pendingQuotes: 5,
    clientSatisfaction: 87.5,
    oldPendingQuotes: 2,
    vehiclesNeedingMaintenance: 1,
    changes: { activeProjects: 2, pendingQuotes: -1, clientSatisfaction: 1.5 },
    ...overrides,
  };
}

/** What a Compagnon gets: no money, no clients. */
export function makeCompagnonStats(overrides: Partial<DashboardStats> = {}): DashboardStats {
  return makeDashboardStats({
    monthlyRevenue: null,
    monthlyGrowth: null,
    activeClients: null,
    oldPendingQuotes: 2,
    activeProjects: 3,
    ...overrides,
  });
}

let sequence = 0;
const uuid = () => `00000000-0000-4000-8000-${String(++sequence).padStart(12, "0")}`;

export function makeTodayTask(overrides: Partial<TodayTask> = {}): TodayTask {
  return {
    id: uuid(),
    title: "Salle de bain Leroy",
    status: "en cours",
    team: "Équipe Nord",
    time: "Jour 2 sur 5",
    progress: 40,
    reference: "CH-2026-0007",
    address: "12 rue des Lilas, Lyon",
    ...overrides,
  };
}

export function makeActiveProject(overrides: Partial<ActiveProject> = {}): ActiveProject {
  return {
    id: uuid(),
    name: "Cuisine Martin",
    team: "Équipe Sud",
    status: "en cours",
    reference: "CH-2026-0003",
    progress: 60,
    ...overrides,
  };
}

export function makeAlert(overrides: Partial<DashboardAlert> = {}): DashboardAlert {
  const id = overrides.id ?? uuid();
  return {
    kind: "quote",
    id,
    title: "DEV-2026-0012 · Rénovation salle de bain",
    detail: "Envoyé il y a 3\u00a0jours",
    href: `/quotes/${id}`,
    days: 3,
    ...overrides,
  };
}

export function makeAlerts(data: DashboardAlert[], counts: Partial<DashboardAlerts["counts"]> = {}): DashboardAlerts {
  const count = (kind: DashboardAlert["kind"]) => data.filter((alert) => alert.kind === kind).length;
  return {
    data,
    counts: { quote: count("quote"), invoice: count("invoice"), vehicle: count("vehicle"), ...counts },
  };
}

/** 12 months ending in November 2026, each invoiced 1 000 € more than the last. */
export function makeHistory(overrides: Partial<DashboardHistory> = {}): DashboardHistory {
  return {
    months: Array.from({ length: 12 }, (_, i) => {
      const index = 2025 * 12 + 11 + i;
      const month = `${Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, "0")}`;
      return { month, invoiced: 1000 * (i + 1), collected: 800 * (i + 1) };
    }),
    quotes: { answered: 18, accepted: 12, acceptanceRate: 66.7 },
    ...overrides,
  };
}
