import swagger from "@fastify/swagger";
import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import { jsonSchemaTransform } from "fastify-type-provider-zod";

interface OpenApiOperation {
  summary?: string;
  description?: string;
  tags?: string[];
  security?: unknown[];
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** A static, script-free reference page (it must pass the strict CSP). */
function renderDocs(spec: {
  info?: { title?: string; version?: string };
  paths?: Record<string, Record<string, OpenApiOperation>>;
}) {
  const rows = Object.entries(spec.paths ?? {})
    .flatMap(([path, ops]) =>
      Object.entries(ops).map(([method, op]) => ({
        path,
        method: method.toUpperCase(),
        op,
        tag: op.tags?.[0] ?? "Autres",
      })),
    )
    .sort((a, b) => a.tag.localeCompare(b.tag) || a.path.localeCompare(b.path));
  const byTag = new Map<string, typeof rows>();
  for (const row of rows) byTag.set(row.tag, [...(byTag.get(row.tag) ?? []), row]);
  const sections = [...byTag]
    .map(
      ([tag, items]) =>
        `<section><h2>${escapeHtml(tag)}</h2>${items
          .map(
            (r) =>
              `<article><p><span class="m m-${r.method.toLowerCase()}">${r.method}</span> <code>${escapeHtml(r.path)}</code>${
                r.op.security && r.op.security.length === 0 ? ' <span class="pub">public</span>' : ""
              }</p>${r.op.summary ? `<p>${escapeHtml(r.op.summary)}</p>` : ""}${
                r.op.description ? `<p class="d">${escapeHtml(r.op.description)}</p>` : ""
              }</article>`,
          )
          .join("")}</section>`,
    )
    .join("");
  return `<!doctype html><html lang="fr"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>API Propulse — référence</title><style>
body{font:15px/1.5 system-ui,sans-serif;max-width:960px;margin:2rem auto;padding:0 1rem;color:#0f172a}
h1{font-size:1.6rem}h2{margin-top:2rem;border-bottom:1px solid #e2e8f0}article{padding:.5rem 0;border-bottom:1px dashed #e2e8f0}
article p{margin:.2rem 0}.m{display:inline-block;min-width:4.5rem;font-weight:700;font-size:.8rem}.m-get{color:#047857}.m-post{color:#1d4ed8}
.m-put{color:#b45309}.m-delete{color:#b91c1c}.pub{font-size:.75rem;background:#ecfdf5;color:#047857;padding:0 .4rem;border-radius:4px}.d{color:#475569}
</style></head><body><h1>${escapeHtml(spec.info?.title ?? "API")} <small>${escapeHtml(spec.info?.version ?? "")}</small></h1>
<p>Toutes les routes attendent un jeton <code>Authorization: Bearer …</code> sauf celles marquées « public ». Le schéma complet est dans <a href="/api/openapi.json">/api/openapi.json</a>.</p>
${sections}</body></html>`;
}

export const openapiPlugin = fp(
  async (app: FastifyInstance) => {
    await app.register(swagger, {
      openapi: {
        openapi: "3.1.0",
        info: { title: "API Propulse", version: "1.0.0", description: "L'ERP qui propulse votre activité d'artisan" },
        components: { securitySchemes: { bearerAuth: { type: "http", scheme: "bearer", bearerFormat: "JWT" } } },
        security: [{ bearerAuth: [] }],
      },
      transform: jsonSchemaTransform,
      hideUntagged: false,
    });

    app.get("/api/openapi.json", { config: { access: { public: true } }, schema: { hide: true } }, async () =>
      app.swagger(),
    );
    app.get("/api/docs", { config: { access: { public: true } }, schema: { hide: true } }, async (_request, reply) =>
      reply.type("text/html; charset=utf-8").send(renderDocs(app.swagger() as Parameters<typeof renderDocs>[0])),
    );
  },
  { name: "openapi" },
);
