// Bundles worker.mjs the way a Workers deploy does (esbuild, ESM, platform neutral, no Node
// built-ins) into examples/edge-worker/dist/worker.mjs and prints the bundle size.
import { build } from "esbuild";

const here = new URL(".", import.meta.url).pathname;
const r = await build({
  entryPoints: [`${here}worker.mjs`],
  outfile: `${here}dist/worker.mjs`,
  bundle: true,
  format: "esm",
  platform: "neutral",
  mainFields: ["module", "main"],
  conditions: ["workerd", "worker", "browser"],
  target: "es2022",
  minify: true,
  metafile: true,
  logLevel: "warning",
});
const bytes = Object.values(r.metafile.outputs)[0].bytes;
console.log(`edge-worker: dist/worker.mjs ${(bytes / 1024).toFixed(1)} KiB`);
