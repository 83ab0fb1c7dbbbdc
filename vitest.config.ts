import { readdirSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";

// Workspaces consume each other's sources directly: @husk/NAME -> packages/NAME/src/index.ts.
const root = fileURLToPath(new URL(".", import.meta.url));
const alias = Object.fromEntries(
  readdirSync(`${root}packages`).map((name) => [`@husk/${name}`, `${root}packages/${name}/src/index.ts`]),
);

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
