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
   * The other signed-in screens a page can open on (with a route document), and their data preloads:
   * what two of them share is loaded together. Screens reached from another one are left out.
   */
  screens: string[];
}

export interface ChunkGroup {
  name: string | ((id: string) => string | null);
  priority: number;
  test: (id: string) => boolean;
}

const fromRoot = (path: string) => fileURLToPath(new URL(`../${path}`, import.meta.url));

/** lucide-react's index re-exports every icon: the walk stops there, and the icons all go to `core`. */
const ICONS = /[\\/]node_modules[\\/]lucide-react[\\/]/;
/** The shared rules (small, pure, imported by screens and forms alike). */
const SHARED = /[\\/]src[\\/]shared[\\/]/;
const ICON_BARREL = /[\\/]lucide-react[\\/]dist[\\/]esm[\\/]lucide-react\.mjs$/;

/**
 * Groups the code into a few chunks per page instead of the one chunk per shared module that automatic
 * splitting makes (36 requests for /clients, six at a time over HTTP/1.1, a round trip each):
 * - `core`: what the entry imports (React, the router, the query cache…) and every icon (7 kB
 *   compressed: lucide's index re-exports them all, so the walk does not follow it; the entry uses
 *   icons and they use React, so a chunk of their own would import core while core imports it, and
 *   whichever ran first would call the other before it is defined), loaded by every page;
 * - `common`: what the login screen shares with any signed-in page (buttons, fields…);
 * - `shell`: what the signed-in shell and the home screen add;
 * - `screens`: what at least two of the other signed-in screens share beyond that (list scaffold…);
 * - `screen-<route>`: the feature code and packages one of them alone imports, beside its route module
 *   (which keeps the chunk its import() loads), instead of a small chunk per module it shares with a
 *   form loaded later; the shared rules it alone imports go to `screens`.
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
  const rootIds = [...roots.shell, ...roots.screens].map(fromRoot);
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
      for (const screen of roots.screens)
        for (const id of closure(fromRoot(screen), [core])) screenUses.set(id, (screenUses.get(id) ?? 0) + 1);
      // Everything the login shares with a signed-in page: a module the login needs never waits in a
      // chunk of the signed-in screens (it would load them all with it).
      for (const id of closure(loginId, [core])) if (shellUses.has(id) || screenUses.has(id)) common.add(id);
      for (const id of shellUses) if (!common.has(id)) shell.add(id);
      for (const [id, count] of screenUses) if (count >= 2 && !common.has(id) && !shell.has(id)) screens.add(id);
      for (const screen of roots.screens) {
        const name = `screen-${screen.replace(/^.*\//, "").replace(/\.tsx?$/, "")}`;
        for (const id of closure(fromRoot(screen), [core, common, shell, screens])) {
          // A shared rule is for every screen (a form loaded later imports it too): with the list
          // screens' shared code, so that a settings form does not load the quotes screen's chunk.
          if (SHARED.test(id)) screens.add(id);
          else ownScreen.set(id, name);
        }
      }
      // A lazily imported module keeps a chunk of its own, the one its import() loads.
      for (const id of [...rootIds, loginId]) {
        for (const set of [common, shell, screens]) set.delete(id);
        ownScreen.delete(id);
      }
      core.delete(entryId);
    },
  };

  const groups: ChunkGroup[] = [
    { name: "core", priority: 3, test: (id) => core.has(id) || ICONS.test(id) || id.includes("rolldown/runtime") },
    { name: "common", priority: 2, test: (id) => common.has(id) },
    { name: "shell", priority: 1, test: (id) => shell.has(id) },
    { name: "screens", priority: 0, test: (id) => screens.has(id) },
    { name: (id) => ownScreen.get(id) ?? null, priority: -1, test: (id) => ownScreen.has(id) },
  ];
  return { plugin, groups };
}
