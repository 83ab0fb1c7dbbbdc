import { readdirSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { defineConfig } from "vite";

// The playground bundles the workspace packages from their sources, as vitest does:
// @husk/NAME -> packages/NAME/src/index.ts. Nothing of Node reaches the bundle.
const repo = fileURLToPath(new URL("../..", import.meta.url));
const alias = Object.fromEntries(
  readdirSync(`${repo}packages`).map((name) => [`@husk/${name}`, `${repo}packages/${name}/src/index.ts`]),
);

export default defineConfig({
  root: fileURLToPath(new URL(".", import.meta.url)),
  base: "./",
  resolve: { alias },
  build: { outDir: "dist", emptyOutDir: true, target: "es2022", chunkSizeWarningLimit: 2048 },
  server: { fs: { allow: [repo] } },
});
