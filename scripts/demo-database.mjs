// The demo database the journeys' and Lighthouse's servers copy (scripts/lib.mjs, copyDemoDatabase):
// built and seeded now when out of date, so that `npm test` makes it beside the PostgreSQL 15 pass.
import { ensureDemoDatabase } from "./lib.mjs";

await ensureDemoDatabase();
