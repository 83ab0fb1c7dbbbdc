import { readFileSync, readdirSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { defineConfig } from "vite";

// The playground bundles the workspace packages from their sources, as vitest does:
// @husk/NAME -> packages/NAME/src/index.ts, and a subpath (@husk/awk/commands) to its
// `husk-source` file. Nothing of Node reaches the bundle.
const repo = fileURLToPath(new URL("../..", import.meta.url));
const alias = readdirSync(`${repo}packages`).flatMap((name) => {
  const exports: Record<string, { "husk-source"?: string }> = JSON.parse(readFileSync(`${repo}packages/${name}/package.json`, "utf8")).exports ?? {};
  return Object.entries(exports)
    .filter(([, v]) => v["husk-source"])
    .map(([k, v]) => ({ find: new RegExp(`^@husk/${name}${k.slice(1)}$`), replacement: `${repo}packages/${name}/${v["husk-source"]!.slice(2)}` }));
});

export default defineConfig({
  root: fileURLToPath(new URL(".", import.meta.url)),
  base: "./",
  resolve: { alias },
  build: { outDir: "dist", emptyOutDir: true, target: "es2022", chunkSizeWarningLimit: 2048 },
  server: { fs: { allow: [repo] } },
});
