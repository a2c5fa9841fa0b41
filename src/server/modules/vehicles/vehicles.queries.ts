/**
 * What vehicles publishes to other modules (docs/conventions.md « Ce qu'un module publie »); the
 * repository stays private to vehicles.
 * - `needsAttentionSql`: the one « à surveiller » rule of a vehicle, for the dashboard's alerts.
 */
export { needsAttentionSql } from "./vehicles.repository";
