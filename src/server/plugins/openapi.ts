import swagger from "@fastify/swagger";
import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import { jsonSchemaTransform } from "fastify-type-provider-zod";
import type { RouteAccess } from "./auth";

interface OpenApiOperation {
  summary?: string;
  description?: string;
  tags?: string[];
  security?: unknown[];
  "x-access"?: PublishedAccess;
  "x-permission"?: string;
  "x-permissions"?: string[];
}

/**
 * How an operation publishes who may call it: `x-access` always, `x-permission` with a permission,
 * `x-permissions` with « one of these permissions ».
 */
export type PublishedAccess = "public" | "signedIn" | "permission" | "anyPermission" | "superadmin";

/**
 * The access extensions of an operation, taken from the route's own `config.access` (the one the
 * auth plugin enforces), so the document cannot drift from the server.
 */
function accessExtensions(access: RouteAccess | undefined): Record<string, unknown> {
  if (!access) return {};
  if ("public" in access) return { "x-access": "public" };
  if ("signedIn" in access) return { "x-access": "signedIn" };
  if ("superadmin" in access) return { "x-access": "superadmin" };
  if ("anyPermission" in access) return { "x-access": "anyPermission", "x-permissions": [...access.anyPermission] };
  return { "x-access": "permission", "x-permission": access.permission };
}

/** The optional `If-Match` of a save under optimistic concurrency (ADR 0024). */
const IF_MATCH_HEADER = {
  type: "object",
  properties: {
    "if-match": {
      type: "string",
      description:
        "Facultatif\u00a0: l’ETag de la version modifiée (reçu avec la ressource). Une version remplacée entre-temps répond 409 STALE_VERSION\u00a0; sans cet en-tête, rien n’est vérifié.",
    },
  },
};

/** zod → JSON Schema, plus the operation's access and, for a versioned save, its `If-Match`. */
const transform: typeof jsonSchemaTransform = (input) => {
  const result = jsonSchemaTransform(input);
  const versioned = input.route.config?.versioned ? { headers: IF_MATCH_HEADER, "x-versioned": true } : {};
  return { ...result, schema: { ...result.schema, ...accessExtensions(input.route.config?.access), ...versioned } };
};

const ACCESS_LABELS: Record<PublishedAccess, string> = {
  public: "public",
  signedIn: "connecté",
  permission: "permission",
  anyPermission: "une permission parmi",
  superadmin: "SuperAdmin",
};

function accessBadge(op: OpenApiOperation): string {
  const access = op["x-access"];
  if (!access) return "";
  const label =
    access === "permission"
      ? `permission ${op["x-permission"] ?? ""}`
      : access === "anyPermission"
        ? `${ACCESS_LABELS[access]} ${(op["x-permissions"] ?? []).join(", ")}`
        : ACCESS_LABELS[access];
  return ` <span class="acc acc-${access}">${escapeHtml(label)}</span>`;
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
              `<article><p><span class="m m-${r.method.toLowerCase()}">${r.method}</span> <code>${escapeHtml(r.path)}</code>${accessBadge(r.op)}</p>${r.op.summary ? `<p>${escapeHtml(r.op.summary)}</p>` : ""}${
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
.m-put{color:#b45309}.m-delete{color:#b91c1c}.acc{font-size:.75rem;background:#f1f5f9;color:#334155;padding:0 .4rem;border-radius:4px}
.acc-public{background:#ecfdf5;color:#047857}.acc-superadmin{background:#fef2f2;color:#b91c1c}.d{color:#475569}
</style></head><body><h1>${escapeHtml(spec.info?.title ?? "API")} <small>${escapeHtml(spec.info?.version ?? "")}</small></h1>
<p>Chaque opération indique qui peut l’appeler (extensions <code>x-access</code> et <code>x-permission</code> du schéma)\u00a0: «\u00a0public\u00a0» (sans contrôle d’accès), «\u00a0connecté\u00a0» (tout utilisateur connecté), «\u00a0permission …\u00a0» (le code de permission exigé) ou «\u00a0SuperAdmin\u00a0». Sauf «\u00a0public\u00a0», elles attendent un jeton <code>Authorization: Bearer …</code>. Le schéma complet est dans <a href="/api/openapi.json">/api/openapi.json</a>.</p>
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
      transform,
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
