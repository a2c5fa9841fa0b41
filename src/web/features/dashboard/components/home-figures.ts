/**
 * The company home's figures and their first queries, a chunk of their own (app/screens.ts `homeFigures`):
 * the route document of « / » preloads it, the other signed-in pages never load it
 * (docs/domain/dashboard.md#web).
 */
// The home's first queries go with its cards' code: one file for « / », not four small ones (Lighthouse's
// phone opens six connections at a time; each extra file of the first paint is a round trip).
export { prefetchDashboardScreen } from "../api/prefetch-dashboard";
export { DashboardPanels } from "./dashboard-panels";
export { KpiCards } from "./kpi-cards";
