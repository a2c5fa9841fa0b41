import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { describe, expect, it } from "vitest";
import { iconFilesOf, rewriteIconImports } from "./icon-imports";

const require = createRequire(import.meta.url);
const index = readFileSync(
  require.resolve("lucide-react").replace(/dist[\\/]cjs[\\/]lucide-react\.js$/, "dist/esm/lucide-react.mjs"),
  "utf8",
);
const files = iconFilesOf(index);

describe("icons imported one by one (the build's lucide-react imports)", () => {
  it("reads every icon of lucide-react's index, aliases included, each to a file the package exports", () => {
    expect(files.size).toBeGreaterThan(1000);
    expect(files.get("LoaderCircle")).toBe("loader-circle");
    // An old name and the « Icon » / « Lucide » forms lead to the same file.
    expect(files.get("Loader2")).toBe("loader-circle");
    expect(files.get("LoaderCircleIcon")).toBe("loader-circle");
    expect(files.get("LucideLoaderCircle")).toBe("loader-circle");
    expect(files.has("createLucideIcon")).toBe(false);
    for (const file of new Set(files.values())) {
      expect(require.resolve(`lucide-react/icons/${file}`)).toMatch(/dist[\\/]esm[\\/]icons[\\/][a-z0-9-]+\.mjs$/);
    }
  });

  it("writes each icon as a default import of its module, keeping local names, other names and line numbers", () => {
    const code = [
      'import { useState } from "react";',
      "import {",
      "  Bell,",
      "  ChevronLeft as Back,",
      "  createLucideIcon,",
      '} from "lucide-react";',
      "const a = 1;",
    ].join("\n");
    const rewritten = rewriteIconImports(code, files).split("\n");
    expect(rewritten).toHaveLength(7);
    expect(rewritten[0]).toBe('import { useState } from "react";');
    expect(rewritten[1]).toBe(
      'import Bell from "lucide-react/icons/bell"; import Back from "lucide-react/icons/chevron-left"; import { createLucideIcon } from "lucide-react";',
    );
    expect(rewritten[6]).toBe("const a = 1;");
  });

  it("leaves a statement without icons, and other packages, as they were", () => {
    const code = "import { createLucideIcon } from 'lucide-react';\nimport { Bell } from \"lucide-static\";";
    expect(rewriteIconImports(code, files)).toBe(code);
  });
});
