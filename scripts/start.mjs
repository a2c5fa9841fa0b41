// `npm start`: install if needed, build if needed, start Propulse (embedded PostgreSQL unless DATABASE_URL).
import { ensureBuilt, ensureInstalled, startServer } from "./lib.mjs";

ensureInstalled();
ensureBuilt();
startServer({});
