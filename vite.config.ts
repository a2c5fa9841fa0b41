import { readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { brotliCompressSync, gzipSync, constants as zlib } from "node:zlib";
import tailwindcss from "@tailwindcss/vite";
import react from "@vitejs/plugin-react";
import { defineConfig, type Plugin } from "vite";
import { VitePWA } from "vite-plugin-pwa";
import { aliases } from "./aliases.config";
import { chunkPlan } from "./scripts/chunk-plan";
import { iconImports } from "./scripts/icon-imports";

const fromRoot = (path: string) => fileURLToPath(new URL(path, import.meta.url));
const apiTarget = `http://localhost:${process.env.API_PORT || 3001}`;

/** Brand colours shared by the manifest and index.html's theme-color. */
const THEME_COLOR = "#15123a";
const BACKGROUND_COLOR = "#f6f7fb";

/**
 * Writes .br and .gz next to every text asset of the build, so the server can send them
 * pre-compressed (@fastify/static `preCompressed`) without compressing on each request.
 */
function precompress(outDir: string): Plugin {
  const compressible = /\.(?:js|mjs|css|html|svg|webmanifest|json|txt|ico)$/;
  const walk = (dir: string): string[] =>
    readdirSync(dir).flatMap((name) => {
      const full = path.join(dir, name);
      return statSync(full).isDirectory() ? walk(full) : [full];
    });
  return {
    name: "propulse:precompress",
    apply: "build",
    enforce: "post",
    closeBundle: {
      order: "post",
      handler() {
        for (const file of walk(outDir)) {
          if (!compressible.test(file)) continue;
          const content = readFileSync(file);
          if (content.length < 1024) continue;
          writeFileSync(`${file}.br`, brotliCompressSync(content, { params: { [zlib.BROTLI_PARAM_QUALITY]: 11 } }));
          writeFileSync(`${file}.gz`, gzipSync(content, { level: 9 }));
        }
      },
    },
  };
}

const outDir = fromRoot("dist/web");

/**
 * Writes `route-documents/<route>.html`: index.html plus `<link rel="modulepreload">` for the chunks of
 * the modules listed for that route — its lazily imported screen, and for a signed-in route the shell
 * (app-layout) — with what they import, minus what the entry already loads, so a first visit fetches
 * them alongside the entry instead of after it. The server sends that document to a navigation to the
 * route (src/server/plugins/spa.ts). The links of `/` go into index.html itself, which every other route
 * gets (ADR 0005 §8, §10); the other documents are built from the original index.html.
 */
function routeDocuments(routes: Record<string, string[]>): Plugin {
  return {
    name: "propulse:route-documents",
    apply: "build",
    enforce: "post",
    generateBundle: {
      order: "post",
      handler(_options, bundle) {
        const html = bundle["index.html"];
        const entry = Object.values(bundle).find(
          (file) => file.type === "chunk" && file.isEntry && file.name === "index",
        );
        if (html?.type !== "asset" || entry?.type !== "chunk") return this.error("index.html or its entry is missing");
        const chunks = new Map(
          Object.values(bundle).flatMap((file) => (file.type === "chunk" ? [[file.fileName, file] as const] : [])),
        );
        const closure = (fileName: string, seen = new Set<string>()): Set<string> => {
          if (seen.has(fileName)) return seen;
          seen.add(fileName);
          for (const imported of chunks.get(fileName)?.imports ?? []) closure(imported, seen);
          return seen;
        };
        const loaded = closure(entry.fileName);
        const original = String(html.source);
        for (const [route, modules] of Object.entries(routes)) {
          const files = new Set<string>();
          for (const module of modules) {
            const id = fromRoot(module);
            // The module's own chunk, or the chunk of the plan it was put in (scripts/chunk-plan.ts).
            const chunk =
              [...chunks.values()].find((file) => file.facadeModuleId === id) ??
              [...chunks.values()].find((file) => file.moduleIds.includes(id));
            if (!chunk) return this.error(`no chunk for ${module}`);
            for (const file of closure(chunk.fileName)) if (!loaded.has(file)) files.add(file);
          }
          const css = [...files].flatMap((file) => [...(chunks.get(file)?.viteMetadata?.importedCss ?? [])]);
          const links = [
            ...[...files].map((file) => `<link rel="modulepreload" crossorigin href="/${file}">`),
            ...css.map((file) => `<link rel="stylesheet" crossorigin href="/${file}">`),
          ];
          const source = original.replace("</head>", `\n${links.map((link) => `    ${link}\n`).join("")}  </head>`);
          if (route === "/") html.source = source;
          else this.emitFile({ type: "asset", fileName: `route-documents${route}.html`, source });
        }
      },
    },
  };
}

/**
 * Puts `src/web/first-answers.ts`, built as an entry of its own (nothing shared with the app), in
 * index.html before the app's entry: its module graph is one small file, so it runs as soon as the
 * document is read and asks the API for the screen's first answers while the app's code downloads
 * (ADR 0005 §10). The route documents are copies of index.html, so they get it too.
 */
function firstAnswersScript(): Plugin {
  return {
    name: "propulse:first-answers",
    apply: "build",
    enforce: "post",
    generateBundle: {
      order: "post",
      handler(_options, bundle) {
        const html = bundle["index.html"];
        const chunk = Object.values(bundle).find((file) => file.type === "chunk" && file.name === "first-answers");
        if (html?.type !== "asset" || chunk?.type !== "chunk")
          return this.error("index.html or first-answers is missing");
        if (chunk.imports.length > 0)
          return this.error("first-answers must import nothing (it would wait for the app's chunks)");
        // async: it runs as soon as it has arrived, in a task of its own, so its requests leave before
        // the app's modules are evaluated (deferred, it waited for them whenever they had arrived first).
        const tag = `<script type="module" async crossorigin src="/${chunk.fileName}"></script>`;
        html.source = String(html.source).replace(/(\s*)(<script type="module")/, `$1${tag}$1$2`);
      },
    },
  };
}

/** The signed-in shell: every signed-in route's document preloads it with the route's screen. */
const SHELL = "src/web/app/layouts/app-layout.tsx";

const chunks = chunkPlan({
  entry: "src/web/main.tsx",
  login: "src/web/app/routes/login-route.tsx",
  shell: [SHELL, "src/web/app/routes/home-route.tsx"],
  screens: [
    ["src/web/app/routes/clients-route.tsx", "src/web/features/clients/api/prefetch-clients.ts"],
    ["src/web/app/routes/quotes-route.tsx", "src/web/features/quotes/api/prefetch-quotes.ts"],
    ["src/web/app/routes/settings-route.tsx", "src/web/features/company/api/prefetch-company.ts"],
    ["src/web/app/routes/library-route.tsx", "src/web/features/library/api/prefetch-library.ts"],
    ["src/web/app/routes/teams-route.tsx", "src/web/features/teams/api/prefetch-teams.ts"],
    ["src/web/app/routes/equipment-route.tsx", "src/web/features/equipment/api/prefetch-equipment.ts"],
    ["src/web/app/routes/vehicles-route.tsx", "src/web/features/vehicles/api/prefetch-vehicles.ts"],
    ["src/web/app/routes/projects-route.tsx", "src/web/features/projects/api/prefetch-projects.ts"],
    ["src/web/app/routes/calendar-route.tsx", "src/web/features/planning/api/prefetch-planning.ts"],
    ["src/web/app/routes/invoices-route.tsx", "src/web/features/invoices/api/prefetch-invoices.ts"],
    ["src/web/app/routes/users-route.tsx", "src/web/features/users/api/prefetch-users.ts"],
    ["src/web/app/routes/roles-route.tsx", "src/web/features/roles/api/prefetch-roles.ts"],
    // Not « Mon compte » (/account): a form screen, its schemas bring zod, which a second screen of this
    // list importing it would put in the chunk every list screen loads (scripts/chunk-plan.ts).
    // The platform's two screens share their data preload: one screen.
    [
      "src/web/app/routes/superadmin-home-route.tsx",
      "src/web/app/routes/superadmin-companies-route.tsx",
      "src/web/features/superadmin/api/prefetch-superadmin.ts",
    ],
  ],
});

/** The chunks every page's document loads before anything else (index.html and each route document). */
const ALWAYS_LOADED = /(^|\/)(index|core|common|rolldown-runtime)-[\w-]+\.js$/;

export default defineConfig({
  root: fromRoot("src/web"),
  resolve: { alias: aliases },
  publicDir: fromRoot("src/web/public"),
  build: {
    outDir,
    emptyOutDir: true,
    target: "es2022",
    // No inline scripts: the server's CSP is script-src 'self'.
    modulePreload: {
      polyfill: false,
      // A lazy import preloads what it needs but what every page's document has already loaded (the
      // entry, `core`, `common`, the runtime): listing those in each import's dependencies only made
      // the eager bundle's preload map longer (scripts/chunk-plan.ts).
      resolveDependencies: (_file, deps, { hostType }) =>
        hostType === "html" ? deps : deps.filter((dep) => !ALWAYS_LOADED.test(dep)),
    },
    rolldownOptions: {
      // Building a zod schema has no side effect: unused shared schemas (and zod) stay out of the
      // eager bundle when a module only needs the shared pure helpers next to them.
      treeshake: { manualPureFunctions: ["z"] },
      input: { index: fromRoot("src/web/index.html"), "first-answers": fromRoot("src/web/first-answers.ts") },
      // Few chunks per page, each module in one of them (scripts/chunk-plan.ts).
      output: { codeSplitting: { includeDependenciesRecursively: false, groups: chunks.groups } },
    },
  },
  server: {
    port: 5173,
    strictPort: true,
    proxy: { "/api": { target: apiTarget, changeOrigin: false } },
  },
  preview: {
    port: 4173,
    proxy: { "/api": { target: apiTarget, changeOrigin: false } },
  },
  plugins: [
    chunks.plugin,
    iconImports(),
    react(),
    tailwindcss(),
    VitePWA({
      registerType: "autoUpdate",
      // Registered by src/web/main.tsx once the first screen has loaded (no inline script under the
      // CSP, and the precache of the whole app never competes with the first visit on a slow network).
      injectRegister: false,
      // The glob below already lists what the shell needs; no second list of assets.
      includeAssets: [],
      includeManifestIcons: false,
      manifest: {
        id: "/",
        name: "Propulse",
        short_name: "Propulse",
        description: "L'ERP qui propulse votre activité d'artisan",
        lang: "fr",
        dir: "ltr",
        start_url: "/",
        scope: "/",
        display: "standalone",
        orientation: "any",
        theme_color: THEME_COLOR,
        background_color: BACKGROUND_COLOR,
        categories: ["business", "productivity"],
        icons: [
          { src: "/icons/icon-192.png", sizes: "192x192", type: "image/png", purpose: "any" },
          { src: "/icons/icon-512.png", sizes: "512x512", type: "image/png", purpose: "any" },
          { src: "/icons/maskable-512.png", sizes: "512x512", type: "image/png", purpose: "maskable" },
        ],
      },
      workbox: {
        // The app shell only: built assets + index.html. API responses are never cached.
        globPatterns: ["**/*.{js,css,html,svg,png,ico,webmanifest}"],
        // Large install icons are fetched by the browser when installing, not needed offline.
        globIgnores: ["**/icons/icon-512.png", "**/icons/maskable-512.png", "route-documents/**"],
        navigateFallback: "/index.html",
        navigateFallbackDenylist: [/^\/api/],
        runtimeCaching: [],
        cleanupOutdatedCaches: true,
        clientsClaim: true,
        skipWaiting: true,
      },
      devOptions: { enabled: false },
    }),
    // Before routeDocuments: the route documents copy index.html once the first-answers tag is in it.
    firstAnswersScript(),
    routeDocuments({
      "/login": ["src/web/app/routes/login-route.tsx"],
      "/": [SHELL, "src/web/app/routes/home-route.tsx"],
      "/clients": [SHELL, "src/web/app/routes/clients-route.tsx", "src/web/features/clients/api/prefetch-clients.ts"],
      "/quotes": [SHELL, "src/web/app/routes/quotes-route.tsx", "src/web/features/quotes/api/prefetch-quotes.ts"],
      "/settings": [SHELL, "src/web/app/routes/settings-route.tsx", "src/web/features/company/api/prefetch-company.ts"],
      "/library": [SHELL, "src/web/app/routes/library-route.tsx", "src/web/features/library/api/prefetch-library.ts"],
      "/teams": [SHELL, "src/web/app/routes/teams-route.tsx", "src/web/features/teams/api/prefetch-teams.ts"],
      "/equipment": [
        SHELL,
        "src/web/app/routes/equipment-route.tsx",
        "src/web/features/equipment/api/prefetch-equipment.ts",
      ],
      "/vehicles": [
        SHELL,
        "src/web/app/routes/vehicles-route.tsx",
        "src/web/features/vehicles/api/prefetch-vehicles.ts",
      ],
      "/projects": [
        SHELL,
        "src/web/app/routes/projects-route.tsx",
        "src/web/features/projects/api/prefetch-projects.ts",
      ],
      "/calendar": [
        SHELL,
        "src/web/app/routes/calendar-route.tsx",
        "src/web/features/planning/api/prefetch-planning.ts",
      ],
      "/invoices": [
        SHELL,
        "src/web/app/routes/invoices-route.tsx",
        "src/web/features/invoices/api/prefetch-invoices.ts",
      ],
      "/users": [SHELL, "src/web/app/routes/users-route.tsx", "src/web/features/users/api/prefetch-users.ts"],
      "/app/admin/roles": [SHELL, "src/web/app/routes/roles-route.tsx", "src/web/features/roles/api/prefetch-roles.ts"],
      "/account": [SHELL, "src/web/app/routes/account-route.tsx", "src/web/features/account/api/prefetch-account.ts"],
      "/superadmin": [
        SHELL,
        "src/web/app/routes/superadmin-home-route.tsx",
        "src/web/features/superadmin/api/prefetch-superadmin.ts",
      ],
      "/superadmin/companies": [
        SHELL,
        "src/web/app/routes/superadmin-companies-route.tsx",
        "src/web/features/superadmin/api/prefetch-superadmin.ts",
      ],
    }),
    precompress(outDir),
  ],
});
