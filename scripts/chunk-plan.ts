import { fileURLToPath } from "node:url";
import type { Plugin } from "vite";

/** The lazily loaded parts the plan sorts, as paths from the repository root. */
export interface ChunkPlanRoots {
  /** The entry script (src/web/main.tsx): what it imports is loaded by every page. */
  entry: string;
  /** The login screen: what it shares with the signed-in screens is loaded by both. */
  login: string;
  /** The signed-in shell and the home screen: loaded by every signed-in page. */
  shell: string[];
  /**
   * The other signed-in screens a page can open on (with a route document), each with its data preload
   * (`[route, prefetch]`, counted as one screen): what two of them share is loaded together. Screens
   * reached from another one are left out.
   */
  screens: (string | string[])[];
}

export interface ChunkGroup {
  name: string | ((id: string) => string | null);
  priority: number;
  test: (id: string) => boolean;
}

const fromRoot = (path: string) => fileURLToPath(new URL(`../${path}`, import.meta.url));

/** The shared rules (small, pure, imported by screens and forms alike). */
const SHARED = /[\\/]src[\\/]shared[\\/]/;
/**
 * lucide-react's index re-exports every icon: the build imports each icon from its own module
 * (`scripts/icon-imports.ts`), so that each goes with the code using it; should the index itself be
 * imported, the walk stops there and it goes to `core`.
 */
const ICON_BARREL = /[\\/]lucide-react[\\/]dist[\\/]esm[\\/]lucide-react\.mjs$/;
/** One icon's module (`lucide-react/icons/<name>`). */
const ICON = /[\\/]lucide-react[\\/]dist[\\/]esm[\\/]icons[\\/]/;

/**
 * Groups the code into a few chunks per page instead of the one chunk per shared module that automatic
 * splitting makes (36 requests for /clients, six at a time over HTTP/1.1, a round trip each):
 * - `core`: what the entry imports (React, the router, the query cache…) and the icons it uses (each
 *   other icon goes with the code that uses it, as any module: `scripts/icon-imports.ts`), loaded by
 *   every page;
 * - `common`: what the login screen shares with any signed-in page (buttons, fields…);
 * - `shell`: the signed-in shell and the home screen, and what they add;
 * - `screens`: what at least two of the other signed-in screens share beyond that (list scaffold…);
 * - `screen-<route>`: its route module, its data preload, and the feature code and packages it alone
 *   imports, instead of a small chunk per module it shares with a form loaded later;
 * - `screen-<route>-rules`: the shared rules (src/shared) it alone imports, which forms opened from
 *   other screens import too.
 * Forms and other parts loaded on demand keep their automatic chunks. Each module still lives in exactly one chunk: no module state is duplicated
 * (inlining common chunks into each importer did, and lost zod's global configuration). Reachability
 * is read from the static imports of the module graph once it is built (ADR 0005 §10).
 */
export function chunkPlan(roots: ChunkPlanRoots): { plugin: Plugin; groups: ChunkGroup[] } {
  const core = new Set<string>();
  const common = new Set<string>();
  const shell = new Set<string>();
  const screens = new Set<string>();
  /** A module only one screen imports (of those listed), by that screen's chunk name. */
  const ownScreen = new Map<string, string>();
  /** A shared rule only one screen imports (of those listed), by the name of that screen's rules chunk. */
  const ownRules = new Map<string, string>();
  /** Each screen's modules: its route module first, then its data preload. */
  const screenRoots = roots.screens.map((screen) => (Array.isArray(screen) ? screen : [screen]));
  const rootIds = [...roots.shell, ...screenRoots.flat()].map(fromRoot);
  const entryId = fromRoot(roots.entry);
  const loginId = fromRoot(roots.login);

  const plugin: Plugin = {
    name: "propulse:chunk-plan",
    apply: "build",
    buildEnd() {
      /** The modules `root` imports statically, directly or not, leaving out those already placed. */
      const closure = (root: string, placed: Set<string>[] = []): Set<string> => {
        const found = new Set<string>();
        const stack = [root];
        while (stack.length > 0) {
          const id = stack.pop() as string;
          if (found.has(id) || placed.some((set) => set.has(id))) continue;
          const info = this.getModuleInfo(id);
          if (!info) continue;
          found.add(id);
          if (!ICON_BARREL.test(id)) stack.push(...info.importedIds);
        }
        return found;
      };
      for (const id of closure(entryId)) core.add(id);
      const shellUses = new Set(roots.shell.flatMap((root) => [...closure(fromRoot(root), [core])]));
      const screenUses = new Map<string, number>();
      // A module the route and its data preload both import is used by one screen, not two (counted
      // twice, every feature's API module and rules went to `screens`, loaded by every list page).
      for (const screen of screenRoots) {
        const uses = new Set(screen.flatMap((root) => [...closure(fromRoot(root), [core])]));
        for (const id of uses) screenUses.set(id, (screenUses.get(id) ?? 0) + 1);
      }
      // Everything the login shares with a signed-in page: a module the login needs never waits in a
      // chunk of the signed-in screens (it would load them all with it).
      // The login's icons too (a few hundred bytes each): else each one it shares with a form loaded later
      // would be a chunk of its own, a request more on the login's first load.
      for (const id of closure(loginId, [core])) {
        if (shellUses.has(id) || screenUses.has(id) || ICON.test(id)) common.add(id);
      }
      for (const id of shellUses) if (!common.has(id)) shell.add(id);
      for (const [id, count] of screenUses) if (count >= 2 && !common.has(id) && !shell.has(id)) screens.add(id);
      for (const screen of screenRoots) {
        const name = `screen-${(screen[0] ?? "").replace(/^.*\//, "").replace(/\.tsx?$/, "")}`;
        const own = new Set(screen.flatMap((root) => [...closure(fromRoot(root), [core, common, shell, screens])]));
        for (const id of own) {
          // A shared rule is also for the forms loaded later, from any screen: in a small chunk of the
          // screen's rules, so that a form opened elsewhere does not load the screen's chunk, and
          // the other screens do not load it with theirs (it was in `screens`: 10 kB compressed of
          // every screen's rules on each list page's first load).
          if (SHARED.test(id)) ownRules.set(id, `${name}-rules`);
          else ownScreen.set(id, name);
        }
      }
      // The lazily imported modules: the login keeps a chunk of its own, the one its import() loads;
      // the shell's go to `shell`, and a screen's route module and data preload to its screen's chunk,
      // which their import() then loads (two requests fewer per route: on a phone's connection each
      // request of the first load waits its turn, ADR 0005 §10 (l)).
      for (const id of [...rootIds, loginId]) {
        for (const set of [common, shell, screens]) set.delete(id);
        ownScreen.delete(id);
        ownRules.delete(id);
      }
      for (const root of roots.shell) shell.add(fromRoot(root));
      for (const screen of screenRoots) {
        const name = `screen-${(screen[0] ?? "").replace(/^.*\//, "").replace(/\.tsx?$/, "")}`;
        for (const root of screen) ownScreen.set(fromRoot(root), name);
      }
      core.delete(entryId);
    },
  };

  const groups: ChunkGroup[] = [
    {
      name: "core",
      priority: 3,
      test: (id) => core.has(id) || ICON_BARREL.test(id) || id.includes("rolldown/runtime"),
    },
    { name: "common", priority: 2, test: (id) => common.has(id) },
    { name: "shell", priority: 1, test: (id) => shell.has(id) },
    { name: "screens", priority: 0, test: (id) => screens.has(id) },
    { name: (id) => ownScreen.get(id) ?? null, priority: -1, test: (id) => ownScreen.has(id) },
    { name: (id) => ownRules.get(id) ?? null, priority: -2, test: (id) => ownRules.has(id) },
    // The icons of the parts loaded on demand (forms, dialogs) that no page loads first: one chunk, not
    // a chunk per icon shared by two of them. Its test leaves out what the plan placed: matched by both,
    // the entry's icons went to this group in spite of `core`'s higher priority.
    {
      name: "icons",
      priority: -3,
      test: (id) => ICON.test(id) && ![core, common, shell, screens].some((set) => set.has(id)) && !ownScreen.has(id),
    },
  ];
  return { plugin, groups };
}
