import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { type ChunkGroup, chunkPlan } from "./chunk-plan";

const id = (path: string) => fileURLToPath(new URL(`../${path}`, import.meta.url));

/** A module graph by repository path: what each module imports statically. */
const GRAPH: Record<string, string[]> = {
  "src/web/main.tsx": ["node_modules/react/index.js"],
  "node_modules/react/index.js": [],
  "src/web/app/routes/login-route.tsx": ["src/web/components/ui/button.tsx"],
  "src/web/components/ui/button.tsx": [],
  "src/web/app/layouts/app-layout.tsx": ["src/web/components/ui/button.tsx", "src/web/features/shell/nav.tsx"],
  "src/web/features/shell/nav.tsx": [],
  "src/web/app/routes/clients-route.tsx": ["src/web/features/clients/clients-page.tsx"],
  "src/web/features/clients/clients-page.tsx": [
    "src/web/features/clients/api/get-clients.ts",
    "src/web/components/ui/list-state.tsx",
    "src/shared/client-rules.ts",
    "src/shared/money.ts",
  ],
  "src/web/features/clients/api/get-clients.ts": [],
  "src/web/features/clients/api/prefetch-clients.ts": ["src/web/features/clients/api/get-clients.ts"],
  "src/web/app/routes/quotes-route.tsx": ["src/web/features/quotes/quotes-page.tsx"],
  "src/web/features/quotes/quotes-page.tsx": [
    "src/web/features/quotes/api/get-quotes.ts",
    "src/web/components/ui/list-state.tsx",
    "src/shared/money.ts",
  ],
  "src/web/features/quotes/api/get-quotes.ts": [],
  "src/web/features/quotes/api/prefetch-quotes.ts": ["src/web/features/quotes/api/get-quotes.ts"],
  "src/web/components/ui/list-state.tsx": [],
  "src/shared/client-rules.ts": [],
  "src/shared/money.ts": [],
};

/** The chunk each module of GRAPH goes to (null: a chunk of its own, as automatic splitting makes it). */
function plan() {
  const { plugin, groups } = chunkPlan({
    entry: "src/web/main.tsx",
    login: "src/web/app/routes/login-route.tsx",
    shell: ["src/web/app/layouts/app-layout.tsx"],
    screens: [
      ["src/web/app/routes/clients-route.tsx", "src/web/features/clients/api/prefetch-clients.ts"],
      ["src/web/app/routes/quotes-route.tsx", "src/web/features/quotes/api/prefetch-quotes.ts"],
    ],
  });
  const infos = new Map(Object.entries(GRAPH).map(([path, imports]) => [id(path), { importedIds: imports.map(id) }]));
  const buildEnd = plugin.buildEnd as (this: unknown) => void;
  buildEnd.call({ getModuleInfo: (module: string) => infos.get(module) ?? null });
  const sorted = [...groups].sort((a, b) => b.priority - a.priority);
  const nameOf = (group: ChunkGroup, module: string) =>
    typeof group.name === "string" ? group.name : group.name(module);
  return (path: string) => {
    const group = sorted.find((g) => g.test(id(path)));
    return group ? nameOf(group, id(path)) : null;
  };
}

describe("chunkPlan", () => {
  it("puts what a screen and its data preload alone import in the screen's chunk, not in the one every screen loads", () => {
    const chunkOf = plan();
    expect(chunkOf("src/web/features/clients/api/get-clients.ts")).toBe("screen-clients-route");
    expect(chunkOf("src/web/features/clients/clients-page.tsx")).toBe("screen-clients-route");
    expect(chunkOf("src/web/features/quotes/api/get-quotes.ts")).toBe("screen-quotes-route");
    // Two screens share it: loaded together.
    expect(chunkOf("src/web/components/ui/list-state.tsx")).toBe("screens");
    expect(chunkOf("src/shared/money.ts")).toBe("screens");
  });

  it("gives a shared rule of one screen a small chunk of its own (a form opened elsewhere imports it alone)", () => {
    expect(plan()("src/shared/client-rules.ts")).toBe("screen-clients-route-rules");
  });

  it("loads a screen's route module and data preload with its code, the shell's with the shell; the login alone", () => {
    const chunkOf = plan();
    expect(chunkOf("src/web/app/routes/clients-route.tsx")).toBe("screen-clients-route");
    expect(chunkOf("src/web/features/clients/api/prefetch-clients.ts")).toBe("screen-clients-route");
    expect(chunkOf("src/web/app/layouts/app-layout.tsx")).toBe("shell");
    // A chunk of its own, the one its import() loads: nothing of the signed-in pages comes with it.
    expect(chunkOf("src/web/app/routes/login-route.tsx")).toBeNull();
    expect(chunkOf("node_modules/react/index.js")).toBe("core");
    expect(chunkOf("src/web/components/ui/button.tsx")).toBe("common");
    expect(chunkOf("src/web/features/shell/nav.tsx")).toBe("shell");
  });
});
