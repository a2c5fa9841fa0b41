// `npm run dev`: the API with reload (tsx watch, port API_PORT=3001) and Vite (port 5173, proxies /api).
import { spawn } from "node:child_process";
import { ensureInstalled, root } from "./lib.mjs";

ensureInstalled();
const apiPort = process.env.API_PORT ?? "3001";
const children = [
  spawn("npx", ["tsx", "watch", "--clear-screen=false", "src/server/main.ts"], {
    cwd: root,
    stdio: "inherit",
    env: { ...process.env, PORT: apiPort, NODE_ENV: "development" },
  }),
  spawn("npx", ["vite"], { cwd: root, stdio: "inherit", env: { ...process.env, API_PORT: apiPort } }),
];
const stop = (signal) => {
  for (const child of children) child.kill(signal);
};
for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => stop(signal));
for (const child of children)
  child.on("exit", (code) => {
    stop("SIGTERM");
    process.exitCode = code ?? 0;
  });
