/**
 * The journeys' servers: one per Playwright worker, each with its own demo database (scripts/e2e-server.mjs
 * names its data directory and PostgreSQL port after its port). E2E_PORT moves the first one so that two
 * engineers can run the journeys at once.
 *
 * Three workers on the 2-core machine: a journey mostly waits (for the server, a debounce, an animation),
 * two kept the cores a third busy (260 s of CPU, /usr/bin/time, over the 411 s the journeys took; issue 33).
 * `scripts/test.mjs` finds as many free ports (E2E_WORKERS there too).
 */
export const E2E_BASE_PORT = Number(process.env.E2E_PORT ?? 3100);
export const E2E_WORKERS = Number(process.env.E2E_WORKERS ?? 3);

export const serverPort = (parallelIndex: number) => E2E_BASE_PORT + parallelIndex;
export const serverURL = (parallelIndex: number) => `http://localhost:${serverPort(parallelIndex)}`;
