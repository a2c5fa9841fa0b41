import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import { etagOf } from "../lib/versions";

declare module "fastify" {
  interface FastifyContextConfig {
    /**
     * The route saves a resource under optimistic concurrency (ADR 0024): it reads `If-Match`
     * (`expectedVersion`), its service locks the row and answers 409 `STALE_VERSION` to a replaced
     * version. Published as the operation's optional `If-Match` header and `x-versioned: true`.
     */
    versioned?: true;
  }
}

/**
 * The version of every single resource the API answers: an `/api` answer that is an object with an
 * `updated_at` carries it as its `ETag` (ADR 0024, docs/domain/api.md#versions). Lists (`data: […]`)
 * have none.
 */
export const versionsPlugin = fp(
  async (app: FastifyInstance) => {
    app.addHook("preSerialization", async (request, reply, payload) => {
      if (reply.statusCode < 300 && request.url.startsWith("/api/") && payload && typeof payload === "object") {
        const updatedAt = (payload as { updated_at?: unknown }).updated_at;
        if (typeof updatedAt === "string" || updatedAt instanceof Date) reply.header("etag", etagOf(updatedAt));
      }
      return payload;
    });
  },
  { name: "versions" },
);
