/**
 * Where the corpora are: `ours` (conformance/cases), `oils` (the Oils spec tests in
 * ../shared/corpora/oils/spec), `jq` (jq's own .test files in ../shared/corpora/jq), or any
 * directory or file given on the command line.
 */
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { basename, dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import type { Corpus } from "./runner.js";

/** The repository root (this file is in conformance/src or conformance/dist). */
export const REPO_ROOT = fileURLToPath(new URL("../../", import.meta.url));

/** The folder of the oracle's helper commands (stand-ins for Oils' spec/bin). */
export const HELPERS_DIR = fileURLToPath(new URL("../helpers", import.meta.url));

/** The default known-failures folder. */
export const KNOWN_FAILURES_DIR = fileURLToPath(new URL("../known-failures", import.meta.url));

/** The shared corpora folder: `$HUSK_CORPORA`, else ../shared/corpora beside the repository. */
export function corporaDir(): string {
  return process.env.HUSK_CORPORA ?? resolve(REPO_ROOT, "../shared/corpora");
}

function listFiles(dir: string, suffix: string): string[] {
  return readdirSync(dir)
    .filter((n) => n.endsWith(suffix))
    .sort()
    .map((n) => join(dir, n));
}

/** Every file under `dir` (recursively) as absolute path -> UTF-8 content. */
function readTree(dir: string, into: Record<string, string>): void {
  if (!existsSync(dir)) return;
  for (const name of readdirSync(dir)) {
    const p = join(dir, name);
    const st = statSync(p);
    if (st.isDirectory()) readTree(p, into);
    else if (st.isFile() && st.size < 1024 * 1024) into[p] = readFileSync(p, "utf8");
  }
}

/** The module files jq's tests import (our stand-ins for jq's tests/modules). */
export const JQ_MODULES_DIR = fileURLToPath(new URL("../jq-modules", import.meta.url));

/**
 * What a jq corpus needs for jq's module tests (run as jq's own harness does, with `-L
 * tests/modules`): the module files seeded into the shell under test, and `$JQ_MODULES`.
 */
function jqModules(): Pick<Corpus, "env" | "seedFiles"> {
  const seedFiles: Record<string, string> = Object.create(null);
  readTree(JQ_MODULES_DIR, seedFiles);
  return { env: { JQ_MODULES: JQ_MODULES_DIR }, seedFiles };
}

/** A spec-format corpus from a directory of `.test.sh` files (or one file). */
function specCorpus(name: string, path: string): Corpus {
  const isDir = statSync(path).isDirectory();
  const dir = isDir ? path : dirname(path);
  const files = isDir ? listFiles(path, ".test.sh") : [path];
  // The Oils layout: REPO_ROOT/spec/{*.test.sh,bin,testdata}; cases read $REPO_ROOT/spec/testdata/...
  const repoRoot = basename(dir) === "spec" ? dirname(dir) : dir;
  const seedFiles: Record<string, string> = Object.create(null);
  readTree(join(dir, "testdata"), seedFiles);
  readTree(join(dir, "bin"), seedFiles);
  return { name, mode: "spec", files, env: { REPO_ROOT: repoRoot }, seedFiles };
}

/**
 * Resolves a corpus argument: `ours`, `oils`, `jq`, or a path (a directory of `.test.sh` or
 * `.test` files, or one such file). Throws with a clear message when it does not exist.
 */
export function resolveCorpus(arg: string): Corpus {
  if (arg === "ours") {
    const dir = join(REPO_ROOT, "conformance/cases");
    return { name: "ours", mode: "spec", files: existsSync(dir) ? listFiles(dir, ".test.sh") : [] };
  }
  if (arg === "oils") {
    const dir = join(corporaDir(), "oils/spec");
    if (!existsSync(dir)) throw new Error(`corpus oils: ${dir} does not exist`);
    return specCorpus("oils", dir);
  }
  if (arg === "jq") {
    const dir = join(corporaDir(), "jq");
    if (!existsSync(dir)) throw new Error(`corpus jq: ${dir} does not exist`);
    return { name: "jq", mode: "jq", files: listFiles(dir, ".test"), ...jqModules() };
  }
  const path = resolve(arg);
  if (!existsSync(path)) throw new Error(`corpus ${arg}: no such file or directory`);
  const isDir = statSync(path).isDirectory();
  const dirName = basename(isDir ? path : dirname(path));
  const ownCases = (isDir ? path : dirname(path)) === join(REPO_ROOT, "conformance/cases");
  const name = ownCases ? "ours" : dirName === "spec" ? basename(dirname(isDir ? path : dirname(path))) : dirName;
  if (isDir ? readdirSync(path).some((n) => n.endsWith(".test.sh")) : path.endsWith(".test.sh")) return specCorpus(name, path);
  if (isDir ? readdirSync(path).some((n) => n.endsWith(".test")) : path.endsWith(".test")) {
    return { name, mode: "jq", files: isDir ? listFiles(path, ".test") : [path], ...jqModules() };
  }
  throw new Error(`corpus ${arg}: no .test.sh or .test files`);
}
