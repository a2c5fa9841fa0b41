import { existsSync, readdirSync } from "node:fs";
import path from "node:path";
import fastifyStatic from "@fastify/static";
import { ERROR_CODES, MESSAGES } from "@shared/errors";
import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";

const ROUTE_DOCUMENTS = "route-documents";

/**
 * The documents the build wrote for some routes (vite.config.ts `routeDocuments`): index.html plus
 * preloads of that route's screen. `/login` → `route-documents/login.html`.
 */
function routeDocuments(root: string): Map<string, string> {
  const dir = path.join(root, ROUTE_DOCUMENTS);
  if (!existsSync(dir)) return new Map();
  return new Map(
    readdirSync(dir, { recursive: true, encoding: "utf8" })
      .filter((file) => file.endsWith(".html"))
      .map((file) => {
        const route = `/${file.slice(0, -".html".length).split(path.sep).join("/")}`;
        return [route, `${ROUTE_DOCUMENTS}/${file.split(path.sep).join("/")}`];
      }),
  );
}

/** Serves the built SPA with history fallback; unknown /api paths answer a JSON 404. */
export const spaPlugin = fp(
  async (app: FastifyInstance, opts: { root: string }) => {
    const hasBuild = existsSync(path.join(opts.root, "index.html"));
    const documents = hasBuild ? routeDocuments(opts.root) : new Map<string, string>();
    if (hasBuild) {
      await app.register(fastifyStatic, {
        root: opts.root,
        wildcard: false,
        index: false,
        // The build writes .br and .gz beside each file: served by Accept-Encoding, index.html included.
        preCompressed: true,
        setHeaders(res, filePath) {
          const name = path.basename(filePath);
          if (filePath.includes(`${path.sep}assets${path.sep}`)) {
            res.header("cache-control", "public, max-age=31536000, immutable");
          } else if (
            name === "sw.js" ||
            name.endsWith(".html") ||
            name.endsWith(".webmanifest") ||
            name === "registerSW.js"
          ) {
            res.header("cache-control", "no-cache");
          } else {
            res.header("cache-control", "public, max-age=86400");
          }
        },
      });
    }

    app.setNotFoundHandler((request, reply) => {
      const url = request.url.split("?")[0] ?? "/";
      if (url.startsWith("/api") || !hasBuild || (request.method !== "GET" && request.method !== "HEAD")) {
        return reply
          .status(404)
          .send({ error: MESSAGES.routeNotFound, message: MESSAGES.routeNotFound, code: ERROR_CODES.NOT_FOUND });
      }
      // A path with a file extension is a missing asset, not an app route.
      if (path.extname(url)) return reply.status(404).type("text/plain").send("Not found");
      reply.header("cache-control", "no-cache");
      return reply.sendFile(documents.get(url) ?? "index.html");
    });
  },
  { name: "spa" },
);
