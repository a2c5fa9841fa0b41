import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import type { Plugin } from "vite";

/**
 * lucide-react's index re-exports every icon, so a module graph read through it cannot tell which
 * screen uses which icon: they all went to `core`, loaded by every page, the login included (~44 kB of
 * its ~540 kB of JavaScript). The build imports each icon from its own module instead
 * (`lucide-react/icons/<file>`, a path the package exports): the chunk plan then places each icon
 * with the code that uses it, as any other module (ADR 0005 §10 (n)).
 */

/** `AlarmCheck` → `alarm-clock-check`, read from the index's `export { default as … } from './icons/….mjs'` lines. */
export function iconFilesOf(index: string): Map<string, string> {
  const files = new Map<string, string>();
  for (const [, names = "", file = ""] of index.matchAll(/export \{([^}]*)\} from '\.\/icons\/([a-z0-9-]+)\.mjs';/g)) {
    for (const [, name] of names.matchAll(/default as (\w+)/g)) if (name) files.set(name, file);
  }
  return files;
}

const IMPORT = /import\s*\{([^}]*)\}\s*from\s*["']lucide-react["'];?/g;

/**
 * Each `import { A, B as C } from "lucide-react"` written as one default import per icon; a name the
 * index does not map to an icon file (a type, a helper) stays imported from the index.
 */
export function rewriteIconImports(code: string, files: Map<string, string>): string {
  return code.replace(IMPORT, (statement, list: string) => {
    const kept: string[] = [];
    const icons: string[] = [];
    for (const raw of list.split(",")) {
      const specifier = raw.trim();
      if (!specifier) continue;
      const [imported = "", local = imported] = specifier.split(/\s+as\s+/).map((part) => part.trim());
      const file = specifier.startsWith("type ") ? undefined : files.get(imported);
      if (file) icons.push(`import ${local} from "lucide-react/icons/${file}";`);
      else kept.push(specifier);
    }
    if (icons.length === 0) return statement;
    const rewritten = [...icons, ...(kept.length ? [`import { ${kept.join(", ")} } from "lucide-react";`] : [])];
    // As many lines as the statement had: the lines after it keep their numbers (source maps, errors).
    return rewritten.join(" ") + "\n".repeat(statement.split("\n").length - 1);
  });
}

/** The build's plugin: the app's modules (src/web) import their icons one by one. */
export function iconImports(): Plugin {
  let files = new Map<string, string>();
  return {
    name: "propulse:icon-imports",
    apply: "build",
    buildStart() {
      const require = createRequire(import.meta.url);
      const index = require
        .resolve("lucide-react")
        .replace(/dist[\\/]cjs[\\/]lucide-react\.js$/, "dist/esm/lucide-react.mjs");
      files = iconFilesOf(readFileSync(index, "utf8"));
      if (files.size < 1000) this.error(`lucide-react: ${files.size} icônes lues dans ${index}`);
    },
    transform(code, id) {
      if (!/[\\/]src[\\/]web[\\/].*\.[jt]sx?$/.test(id) || !code.includes("lucide-react")) return null;
      const rewritten = rewriteIconImports(code, files);
      return rewritten === code ? null : { code: rewritten, map: null };
    },
  };
}
