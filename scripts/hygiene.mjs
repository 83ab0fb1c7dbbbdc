#!/usr/bin/env node
// Package hygiene (issue 11): every publishable package passes publint (after `tsc -b`), has
// `sideEffects: false`, ESM + .d.ts in dist; and @husk/bash bundles for the browser (esbuild,
// platform=browser) with no `node:` import, reporting its size (minified and gzipped).
// Usage: node scripts/hygiene.mjs [--json]   Exit status 1 when a check fails.
import { readdirSync, readFileSync, existsSync } from "node:fs";
import { gzipSync } from "node:zlib";
import { join } from "node:path";
import { publint } from "publint";
import { formatMessage } from "publint/utils";
import { build } from "esbuild";

const root = new URL("..", import.meta.url).pathname;
const problems = [];
const report = { packages: {}, bundle: null };

for (const name of readdirSync(join(root, "packages")).sort()) {
  const dir = join(root, "packages", name);
  const pkg = JSON.parse(readFileSync(join(dir, "package.json"), "utf8"));
  const { messages } = await publint({ pkgDir: dir, level: "warning", strict: false });
  const texts = messages.map((m) => `${m.type}: ${formatMessage(m, pkg) ?? m.code}`);
  if (pkg.sideEffects !== false) texts.push("error: package.json lacks \"sideEffects\": false");
  if (pkg.type !== "module") texts.push("error: package.json lacks \"type\": \"module\"");
  if (!existsSync(join(dir, "dist", "index.js")) || !existsSync(join(dir, "dist", "index.d.ts")))
    texts.push("error: dist/index.js or dist/index.d.ts missing (run `npx tsc -b` first)");
  report.packages[pkg.name] = texts;
  for (const t of texts) problems.push(`${pkg.name}: ${t}`);
}

// The browser bundle of the facade, from the built dist (what a user's bundler sees).
const result = await build({
  stdin: { contents: 'export * from "@husk/bash";', resolveDir: root, loader: "js" },
  bundle: true,
  minify: true,
  format: "esm",
  platform: "browser",
  target: "es2022",
  write: false,
  metafile: true,
  logLevel: "silent",
});
const code = result.outputFiles[0].contents;
const nodeImports = Object.values(result.metafile.inputs)
  .flatMap((i) => i.imports.map((x) => x.path))
  .filter((p) => p.startsWith("node:"));
if (nodeImports.length) problems.push(`@husk/bash browser bundle imports ${[...new Set(nodeImports)].join(", ")}`);
report.bundle = { package: "@husk/bash", minifiedBytes: code.length, gzipBytes: gzipSync(code).length };

if (process.argv.includes("--json")) console.log(JSON.stringify({ ...report, problems }, null, 2));
else {
  for (const [name, texts] of Object.entries(report.packages)) console.log(`${texts.length ? "✗" : "✓"} ${name}${texts.length ? `\n    ${texts.join("\n    ")}` : ""}`);
  const kb = (n) => `${(n / 1024).toFixed(1)} KiB`;
  console.log(`@husk/bash browser bundle: ${kb(report.bundle.minifiedBytes)} minified, ${kb(report.bundle.gzipBytes)} gzipped`);
}
if (problems.length) {
  console.error(`hygiene: ${problems.length} problem(s)`);
  process.exit(1);
}
console.log("hygiene: ok");
