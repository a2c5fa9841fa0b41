/**
 * The journeys' servers: one per Playwright worker, each with its own demo database (scripts/e2e-server.mjs
 * names its data directory and PostgreSQL port after its port). E2E_PORT moves the first one so that two
 * engineers can run the journeys at once.
 */
export const E2E_BASE_PORT = Number(process.env.E2E_PORT ?? 3100);
export const E2E_WORKERS = Number(process.env.E2E_WORKERS ?? 2);

export const serverPort = (parallelIndex: number) => E2E_BASE_PORT + parallelIndex;
export const serverURL = (parallelIndex: number) => `http://localhost:${serverPort(parallelIndex)}`;
