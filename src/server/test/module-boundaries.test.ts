import { readdirSync, readFileSync, statSync } from "node:fs";
import { dirname, join, relative, resolve, sep } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

/**
 * The structure of imports between the modules of src/server/modules (docs/conventions.md,
 * « Ce qu'un module publie »): a module reaches another one through its service or its published
 * queries (`<module>.queries.ts`), never through its repository; and the module graph has no cycle.
 * Pure reading of the sources: no database, no import of the modules themselves.
 */

const SERVER = resolve(dirname(fileURLToPath(import.meta.url)), "..");
const MODULES = join(SERVER, "modules");
const SRC = resolve(SERVER, "..");

/** Every `.ts` source of the modules, tests left out (they may set up data through any repository). */
function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sources(path);
    return name.endsWith(".ts") && !name.endsWith(".test.ts") ? [path] : [];
  });
}

/** The specifiers a file imports or re-exports (static `from "…"`, bare `import "…"`, dynamic `import("…")`). */
function specifiers(text: string): string[] {
  const found: string[] = [];
  const patterns = [
    /\bfrom\s*["']([^"']+)["']/g,
    /\bimport\s*["']([^"']+)["']/g,
    /\bimport\s*\(\s*["']([^"']+)["']\s*\)/g,
  ];
  for (const pattern of patterns) for (const match of text.matchAll(pattern)) found.push(match[1] as string);
  return found;
}

/** The absolute path an import points to (without extension), or null for a package. */
function target(file: string, specifier: string): string | null {
  if (specifier.startsWith(".")) return resolve(dirname(file), specifier);
  if (specifier.startsWith("@server/")) return join(SERVER, specifier.slice("@server/".length));
  if (specifier.startsWith("@shared/")) return join(SRC, "shared", specifier.slice("@shared/".length));
  return null;
}

/** The module a path belongs to (`quotes` for modules/quotes/…); null outside a module folder. */
function moduleOf(path: string): string | null {
  const inside = relative(MODULES, path);
  if (inside.startsWith("..")) return null;
  const parts = inside.split(sep);
  return parts.length > 1 ? (parts[0] as string) : null; // modules/index.ts, module.ts: the composition root
}

type Edge = { from: string; to: string; file: string; specifier: string };

function edges(): Edge[] {
  const all: Edge[] = [];
  for (const file of sources(MODULES)) {
    const from = moduleOf(file);
    if (!from) continue;
    for (const specifier of specifiers(readFileSync(file, "utf8"))) {
      const path = target(file, specifier);
      const to = path ? moduleOf(path) : null;
      if (to && to !== from) all.push({ from, to, file: relative(SRC, file), specifier });
    }
  }
  return all;
}

/** The cycles of a directed graph, each once, as the list of its modules (Tarjan's strongly connected parts). */
function cycles(graph: Map<string, Set<string>>): string[][] {
  let index = 0;
  const indexOf = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[][] = [];
  const visit = (node: string) => {
    indexOf.set(node, index);
    low.set(node, index);
    index += 1;
    stack.push(node);
    onStack.add(node);
    for (const next of graph.get(node) ?? []) {
      if (!indexOf.has(next)) {
        visit(next);
        low.set(node, Math.min(low.get(node) as number, low.get(next) as number));
      } else if (onStack.has(next)) {
        low.set(node, Math.min(low.get(node) as number, indexOf.get(next) as number));
      }
    }
    if (low.get(node) === indexOf.get(node)) {
      const part: string[] = [];
      let member: string | undefined;
      do {
        member = stack.pop() as string;
        onStack.delete(member);
        part.push(member);
      } while (member !== node);
      if (part.length > 1 || graph.get(node)?.has(node)) found.push(part.sort());
    }
  };
  for (const node of [...graph.keys()].sort()) if (!indexOf.has(node)) visit(node);
  return found;
}

describe("module boundaries (docs/conventions.md « Ce qu'un module publie »)", () => {
  const all = edges();

  it("finds the imports between modules (the reader itself works)", () => {
    expect(all.length).toBeGreaterThan(20);
    expect(
      specifiers(`import { a } from "../x/x.queries";\nexport * from "./y";\nawait import("../z/z.service");`),
    ).toEqual(["../x/x.queries", "./y", "../z/z.service"]);
    expect(
      cycles(
        new Map([
          ["a", new Set(["b"])],
          ["b", new Set(["a"])],
          ["c", new Set(["a"])],
        ]),
      ),
    ).toEqual([["a", "b"]]);
  });

  it("no module imports another module's repository", () => {
    const crossings = all
      .filter((edge) => /\.repository(\.ts)?$/.test(edge.specifier))
      .map(
        (edge) =>
          `${edge.file} importe « ${edge.specifier} », le dépôt du module ${edge.to} : passer par ${edge.to}.queries ou son service / imports another module's repository`,
      );
    expect(crossings).toEqual([]);
  });

  it("the modules import each other without a cycle", () => {
    const graph = new Map<string, Set<string>>();
    for (const edge of all) graph.set(edge.from, (graph.get(edge.from) ?? new Set()).add(edge.to));
    const found = cycles(graph).map((part) => {
      const files = all
        .filter((edge) => part.includes(edge.from) && part.includes(edge.to))
        .map((edge) => `${edge.file} → ${edge.specifier}`);
      return `cycle entre les modules ${part.join(" ↔ ")} / module cycle: ${files.join(" ; ")}`;
    });
    expect(found).toEqual([]);
  });

  it("only the document core writes a document's lines (docs/architecture.md « Document core »)", () => {
    // SQL or Drizzle that inserts, updates or deletes lines of a quote or an invoice by their table's name.
    const writes = [
      /\b(INSERT\s+INTO|UPDATE|DELETE\s+FROM)\s+(quote|invoice)_items\b/i,
      /\.(insert|update|delete)\(\s*(quoteItems|invoiceItems)\s*\)/,
    ];
    expect(writes.some((w) => w.test("await tx.insert(invoiceItems).values(rows)"))).toBe(true);
    const core = join(MODULES, "documents");
    const found = sources(MODULES)
      .filter((file) => !file.startsWith(`${core}${sep}`))
      .filter((file) => {
        const text = readFileSync(file, "utf8");
        return writes.some((w) => w.test(text));
      })
      .map(
        (file) =>
          `${relative(SRC, file)} écrit des lignes de document : passer par documentLinesQueries (documents.queries) / writes document lines outside the document core`,
      );
    expect(found).toEqual([]);
  });
});
