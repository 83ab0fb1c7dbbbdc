#!/usr/bin/env node
// Enforces DESIGN.md's dependency arrows: a package may import only the workspace packages its
// arrow allows, nothing under packages/ may import a `node:` module (they run in browsers and edge
// runtimes), and every bare import must be declared in the package's package.json.
// Exit 1 with one line per violation.
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";

/** DESIGN.md's arrows: package -> the @husk packages it may import. */
const ARROWS = {
  host: [],
  pattern: ["host"],
  syntax: [],
  interp: ["syntax", "pattern", "host"],
  coreutils: ["host", "pattern"],
  grep: ["host", "pattern"],
  sed: ["host", "pattern"],
  awk: ["host", "pattern"],
  jq: ["host", "pattern"],
  bash: ["host", "pattern", "syntax", "interp", "coreutils", "grep", "sed", "awk", "jq"],
  tools: ["host", "bash"],
};

const root = process.argv[2] ? `${process.argv[2].replace(/\/$/, "")}/` : new URL("..", import.meta.url).pathname;
const problems = [];

function* sourceFiles(dir) {
  for (const name of readdirSync(dir)) {
    const p = join(dir, name);
    if (statSync(p).isDirectory()) yield* sourceFiles(p);
    else if (/\.(ts|mts|js|mjs)$/.test(name) && !/\.test\.ts$/.test(name)) yield p;
  }
}

const IMPORT = /(?:^|[\s;])(?:import|export)\s[^'"]*?from\s*['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)|require\(\s*['"]([^'"]+)['"]\s*\)|^\s*import\s*['"]([^'"]+)['"]/gm;

const pkgs = readdirSync(join(root, "packages"));
for (const pkg of pkgs) {
  const allowed = ARROWS[pkg];
  if (!allowed) {
    problems.push(`packages/${pkg}: not in DESIGN.md's package list (add it to scripts/check-deps.mjs with its arrows)`);
    continue;
  }
  const manifest = JSON.parse(readFileSync(join(root, "packages", pkg, "package.json"), "utf8"));
  const declared = new Set([...Object.keys(manifest.dependencies ?? {}), ...Object.keys(manifest.peerDependencies ?? {})]);
  for (const [dep] of Object.entries(manifest.dependencies ?? {})) {
    if (dep.startsWith("@husk/") && !allowed.includes(dep.slice(6))) {
      problems.push(`packages/${pkg}/package.json: depends on ${dep}, against the arrows (${pkg} -> ${allowed.join(", ") || "nothing"})`);
    }
  }
  for (const file of sourceFiles(join(root, "packages", pkg, "src"))) {
    const text = readFileSync(file, "utf8");
    const rel = file.slice(root.length);
    for (const m of text.matchAll(IMPORT)) {
      const spec = m[1] ?? m[2] ?? m[3] ?? m[4];
      if (!spec || spec.startsWith(".")) continue;
      if (spec.startsWith("node:") || ["fs", "path", "child_process", "os", "process", "net", "http", "https", "worker_threads", "vm"].includes(spec)) {
        problems.push(`${rel}: imports ${spec}; packages/ must not use host modules`);
        continue;
      }
      const base = spec.startsWith("@") ? spec.split("/").slice(0, 2).join("/") : spec.split("/")[0];
      if (base.startsWith("@husk/") && !allowed.includes(base.slice(6))) {
        problems.push(`${rel}: imports ${base}, against the arrows (${pkg} -> ${allowed.join(", ") || "nothing"})`);
      } else if (!declared.has(base)) {
        problems.push(`${rel}: imports ${base}, which packages/${pkg}/package.json does not declare`);
      }
    }
  }
}

// apps/, conformance/ and bench/ use the facade (and tools/syntax), never internals.
for (const dir of ["apps/cli", "conformance", "bench"]) {
  let files;
  try {
    files = [...sourceFiles(join(root, dir, "src"))];
  } catch {
    continue;
  }
  for (const file of files) {
    const text = readFileSync(file, "utf8");
    for (const m of text.matchAll(IMPORT)) {
      const spec = m[1] ?? m[2] ?? m[3] ?? m[4];
      if (spec?.startsWith("@husk/interp")) problems.push(`${file.slice(root.length)}: imports @husk/interp; use the @husk/bash facade`);
    }
  }
}

if (problems.length) {
  for (const p of problems) console.error(`check-deps: ${p}`);
  process.exit(1);
}
console.log(`check-deps: ${pkgs.length} packages follow the arrows; no node: imports under packages/`);
