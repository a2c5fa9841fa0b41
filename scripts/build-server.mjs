// Bundles the API (src/server) into dist/server with esbuild; npm packages stay external.
import path from "node:path";
import { build } from "esbuild";
import { root } from "./lib.mjs";

await build({
  entryPoints: {
    main: path.join(root, "src/server/main.ts"),
    cli: path.join(root, "src/server/db/cli.ts"),
  },
  outdir: path.join(root, "dist/server"),
  bundle: true,
  platform: "node",
  format: "esm",
  target: "node20",
  packages: "external",
  sourcemap: true,
  logLevel: "warning",
});
console.info("dist/server construit.");
