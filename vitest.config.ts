import { readFileSync, readdirSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";

// Workspaces consume each other's sources directly: @husk/NAME -> packages/NAME/src/index.ts.
const root = fileURLToPath(new URL(".", import.meta.url));
// Subpath exports (@husk/tools/ai ...) map to their `husk-source` file; exact matches only.
const alias = readdirSync(`${root}packages`).flatMap((name) => {
  const exports: Record<string, { "husk-source"?: string }> = JSON.parse(readFileSync(`${root}packages/${name}/package.json`, "utf8")).exports ?? {};
  const subpaths = Object.entries(exports).filter(([k, v]) => k !== "." && v["husk-source"]);
  return [
    ...subpaths.map(([k, v]) => ({ find: new RegExp(`^@husk/${name}/${k.slice(2)}$`), replacement: `${root}packages/${name}/${v["husk-source"]!.slice(2)}` })),
    { find: new RegExp(`^@husk/${name}$`), replacement: `${root}packages/${name}/src/index.ts` },
  ];
});

export default defineConfig({
  resolve: { alias },
  test: {
    include: [
      "packages/*/src/**/*.test.ts",
      "packages/*/test/**/*.test.ts",
      "apps/*/src/**/*.test.ts",
      "apps/*/test/**/*.test.ts",
      "conformance/src/**/*.test.ts",
      "bench/src/**/*.test.ts",
      "security/**/*.test.ts",
      "test/**/*.test.ts",
      "scripts/**/*.test.ts",
    ],
    testTimeout: 60_000,
    hookTimeout: 60_000,
    pool: "threads",
  },
});
