/**
 * Known failures: one file per case file, `known-failures/<corpus>/<key>.txt`, one line per case
 * that the in-process shell is known to fail: `case name<TAB>reason` (`untriaged` until someone
 * looks). Blank lines and `#` lines without a tab are comments. The run fails when a listed case
 * passes (the list must stay true) or an unlisted case fails (a regression). A reason starting
 * with `flaky` marks a case whose outcome depends on timing: either outcome is accepted and
 * `--update` keeps it listed.
 */
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";

/** Case name -> reason. */
export type KnownFailures = Map<string, string>;

/** True for a reason that marks a timing-dependent case (`flaky: ...`): pass or fail is accepted. */
export function isFlaky(reason: string | undefined): boolean {
  return reason !== undefined && /^flaky\b/i.test(reason);
}

/** The default reason of a newly listed failure. */
export const UNTRIAGED = "untriaged";

/** The file key of a case file: its basename without `.test.sh` / `.test` (`alias.test.sh` -> `alias`). */
export function fileKey(path: string): string {
  const base = path.slice(path.lastIndexOf("/") + 1);
  return base.replace(/\.test\.sh$|\.test$/, "");
}

/** The path of the known-failures file of one case file. */
export function knownFailuresPath(dir: string, corpus: string, key: string): string {
  return join(dir, corpus, `${key}.txt`);
}

/** Parses the text of a known-failures file. */
export function parseKnownFailures(text: string): KnownFailures {
  const out: KnownFailures = new Map();
  for (const line of text.split("\n")) {
    const tab = line.indexOf("\t");
    // A comment is a `#` line without a tab: case names may start with `#` (`#2640 ...`).
    if (line.trim() === "" || (line.startsWith("#") && tab < 0)) continue;
    const name = tab < 0 ? line : line.slice(0, tab);
    const reason = tab < 0 ? UNTRIAGED : line.slice(tab + 1).trim() || UNTRIAGED;
    out.set(name, reason);
  }
  return out;
}

/** Reads a known-failures file (an empty map when it does not exist). */
export function readKnownFailures(dir: string, corpus: string, key: string): KnownFailures {
  const p = knownFailuresPath(dir, corpus, key);
  return existsSync(p) ? parseKnownFailures(readFileSync(p, "utf8")) : new Map();
}

/** The text of a known-failures file, in the given (case file) order. */
export function formatKnownFailures(entries: Iterable<[string, string]>): string {
  let out = "";
  for (const [name, reason] of entries) out += `${name}\t${reason}\n`;
  return out;
}

/** Writes (or, when empty, deletes) the known-failures file of one case file. */
export function writeKnownFailures(dir: string, corpus: string, key: string, entries: KnownFailures): void {
  const p = knownFailuresPath(dir, corpus, key);
  if (entries.size === 0) {
    rmSync(p, { force: true });
    return;
  }
  mkdirSync(join(dir, corpus), { recursive: true });
  writeFileSync(p, formatKnownFailures(entries));
}

/**
 * The new list of a case file after a run: failing cases that ran (keeping their old reason,
 * else `untriaged`), plus the old entries of cases that did not run (filtered out), in case order.
 */
export function updatedKnownFailures(
  old: KnownFailures,
  ran: ReadonlyArray<{ readonly name: string; readonly failed: boolean }>,
  allNames: readonly string[],
): KnownFailures {
  const ranNames = new Map(ran.map((r) => [r.name, r.failed]));
  const out: KnownFailures = new Map();
  for (const name of allNames) {
    const failed = ranNames.get(name);
    if (failed === true || (failed === false && isFlaky(old.get(name)))) out.set(name, old.get(name) ?? UNTRIAGED);
    else if (failed === undefined && old.has(name)) out.set(name, old.get(name)!);
  }
  return out;
}
