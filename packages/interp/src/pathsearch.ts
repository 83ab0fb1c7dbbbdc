/**
 * Command lookup along $PATH, as bash does it: the first directory holding an executable
 * regular file of that name wins, and the result is remembered in the hash table (`hash`)
 * until `hash -r` or a change of $PATH. Registered (non-builtin) commands live in the
 * virtual directories /usr/bin and /bin; any other match is a script file of the sandbox
 * filesystem, run in a child shell (see `execFile`).
 */
import { MemoryFs, resolvePath } from "@husk/host";
import type { Command } from "@husk/host";
import type { Interp, Runtime } from "./interp.js";

/** The directories where registered commands appear (a merged-/usr system: both). */
export const COMMAND_DIRS: readonly string[] = ["/usr/bin", "/bin"];

/** One hash table entry: where a name was found and how often it was used. */
export interface HashEntry extends PathMatch {
  hits: number;
}

/**
 * The shell's table of remembered command locations (bash's `hash`). It belongs to one $PATH
 * value: `sync` empties it when $PATH changed since the last lookup.
 */
export class HashTable {
  readonly entries = new Map<string, HashEntry>();
  #pathValue: string | undefined;

  /** Empties the table when $PATH is not the value it was filled under. */
  sync(pathValue: string): void {
    if (pathValue !== this.#pathValue) {
      this.entries.clear();
      this.#pathValue = pathValue;
    }
  }

  /** The copy a subshell starts with (entries are copied, not shared). */
  clone(): HashTable {
    const c = new HashTable();
    for (const [n, e] of this.entries) c.entries.set(n, { ...e });
    c.#pathValue = this.#pathValue;
    return c;
  }
}

/** Builtins that GNU coreutils/procps also install as files (`type -a echo` lists /usr/bin/echo). */
const FILE_BUILTINS = new Set(["[", "echo", "false", "kill", "printf", "pwd", "test", "true"]);

/** The command that a file of the virtual command directories runs (undefined: not one). */
function fileCommand(ip: Interp, name: string): Command | undefined {
  const c = ip.rt.commands.get(name);
  return c === undefined || (isBuiltinCommand(c) && !FILE_BUILTINS.has(name)) ? undefined : c;
}

/** The command a virtual path such as /usr/bin/cat or /bin/echo names, if any. */
export function commandAtPath(ip: Interp, path: string): Command | undefined {
  const m = /^\/(?:usr\/(?:local\/)?)?s?bin\/([^/]+)$/.exec(path);
  return m === null ? undefined : fileCommand(ip, m[1]!);
}

function isBuiltinCommand(c: Command): boolean {
  return (c as { builtin?: boolean }).builtin === true;
}

/** `command -p`'s search path: where the standard utilities are. */
export const STANDARD_PATH = "/usr/bin:/bin";

/** The value of $PATH that lookups use (unset: bash's default search path). */
function pathValue(ip: Interp): string {
  return ip.getScalar("PATH") ?? "/usr/local/bin:/usr/bin:/bin";
}

/** The shell's hash table, emptied first when $PATH changed since it was filled. */
export function hashTable(ip: Interp): HashTable {
  const table = ip.st.hashed;
  table.sync(pathValue(ip));
  return table;
}

/** The path, as bash prints it, of `name` in the PATH directory `dir` (empty: the current one). */
function joinDir(dir: string, name: string): string {
  if (dir === "" || dir === ".") return `./${name}`;
  return dir.endsWith("/") ? `${dir}${name}` : `${dir}/${name}`;
}

/** What `path` (relative to the shell's cwd) is: an executable regular file, another regular file, or neither. */
async function fileKind(ip: Interp, path: string): Promise<"exec" | "file" | undefined> {
  if (ip.rt.profile === "logic-only") return undefined;
  try {
    const abs = resolvePath(ip.st.cwd, path);
    // most PATH directories miss: `exists` says so without building an error (stat throws one)
    if (!(await ip.rt.fs.exists(abs))) return undefined;
    const st = await ip.rt.fs.stat(abs);
    if (st.type !== "file") return undefined;
    return (st.mode & 0o111) !== 0 ? "exec" : "file";
  } catch {
    return undefined;
  }
}

/** True when `path` (relative to the shell's cwd) is an executable regular file of the sandbox. */
export async function isExecutableFile(ip: Interp, path: string): Promise<boolean> {
  return (await fileKind(ip, path)) === "exec";
}

/** A match along $PATH: the path as bash prints it, and the registered command it is, if any. */
export interface PathMatch {
  readonly path: string;
  readonly command?: Command;
}

/**
 * Every location of `name` along $PATH (just the first unless `all`), without the hash table.
 * A registered command is found in the COMMAND_DIRS directories of $PATH. Like bash, when no
 * executable file matches, the first non-executable one does (running it fails with 126).
 */
export async function searchPath(ip: Interp, name: string, all: boolean, path = pathValue(ip)): Promise<PathMatch[]> {
  const command = fileCommand(ip, name);
  if (all) return scanPath(ip, name, true, path, command);
  const cache = lookupCache(ip, path);
  const hit = cache?.results.get(name);
  if (hit !== undefined && hit.command === command) return hit.found.slice();
  const found = await scanPath(ip, name, false, path, command);
  // the fs may have changed while the scan awaited: remember only a result of one fs state
  if (cache !== undefined && cache === lookupCache(ip, path)) {
    if (cache.results.size >= MAX_CACHED_NAMES) cache.results.clear();
    cache.results.set(name, { command, found: found.slice() });
  }
  return found;
}

/**
 * The first match of `name` along $PATH as `searchPath(ip, name, false)` would give it, when
 * this run's lookup cache already knows it (null: known to match nothing); undefined when only
 * a search can tell. Synchronous: a pipeline stage that runs every iteration of a loop needs
 * no await to learn that its name still means the registered command.
 */
export function cachedFirstMatch(ip: Interp, name: string): PathMatch | null | undefined {
  const hit = lookupCache(ip, pathValue(ip))?.results.get(name);
  if (hit === undefined || hit.command !== fileCommand(ip, name)) return undefined;
  return hit.found[0] ?? null;
}

/** Names one lookup cache remembers before it starts over (bounds its memory). */
const MAX_CACHED_NAMES = 1024;

/**
 * Remembered first-match searches of one run (a pipeline stage searches $PATH on every run,
 * and unlike the shell's hash table nothing else keeps its result). Valid for one $PATH
 * value, cwd (relative PATH entries) and state of the filesystem: MemoryFs's change counter
 * moves whenever a file may appear, vanish or change its mode, and the registered command
 * a result was computed with must still be the one the name has. So a cached answer is
 * always the one a fresh search would give; it is invisible to `hash`.
 */
interface LookupCache {
  readonly path: string;
  readonly cwd: string;
  readonly changes: number;
  readonly results: Map<string, { readonly command: Command | undefined; readonly found: PathMatch[] }>;
}

const lookupCaches = new WeakMap<Runtime, LookupCache>();

/**
 * The run's lookup cache for `path`, emptied when it is stale; undefined: the fs cannot say
 * when it changes. The logic-only profile never looks at files (see `fileKind`), so there a
 * result depends on $PATH and the registered commands only.
 */
function lookupCache(ip: Interp, path: string): LookupCache | undefined {
  const fs = ip.rt.fs;
  let changes = 0;
  if (fs instanceof MemoryFs) changes = fs.changeCount;
  else if (ip.rt.profile !== "logic-only") return undefined;
  const cwd = ip.st.cwd;
  const c = lookupCaches.get(ip.rt);
  if (c !== undefined && c.path === path && c.cwd === cwd && c.changes === changes) return c;
  const fresh: LookupCache = { path, cwd, changes, results: new Map() };
  lookupCaches.set(ip.rt, fresh);
  return fresh;
}

/** `searchPath` without the cache, for the registered command `command` of `name`. */
async function scanPath(ip: Interp, name: string, all: boolean, path: string, command: Command | undefined): Promise<PathMatch[]> {
  const found: PathMatch[] = [];
  let plain: string | undefined;
  for (const dir of path.split(":")) {
    const file = joinDir(dir, name);
    if (command !== undefined && COMMAND_DIRS.includes(dir.replace(/\/+$/, ""))) found.push({ path: file, command });
    else {
      const k = await fileKind(ip, file);
      if (k === "file") plain ??= file;
      if (k !== "exec") continue;
      found.push({ path: file });
    }
    if (!all) break;
  }
  if (found.length === 0 && plain !== undefined && !all) found.push({ path: plain });
  return found;
}

/**
 * Where `name` (no slash) runs from: the hash table's entry, else the first match along $PATH
 * (then remembered; `countHit` counts a use). A registered command that $PATH does not reach
 * still runs, as /usr/bin/NAME, so scripts keep working under an unusual $PATH. Undefined: not
 * found.
 */
export async function lookupCommand(ip: Interp, name: string, countHit: boolean): Promise<PathMatch | undefined> {
  const table = hashTable(ip);
  const e = table.entries.get(name);
  if (e !== undefined) {
    if (countHit) e.hits++;
    return e;
  }
  const [m] = await searchPath(ip, name, false);
  if (m !== undefined) {
    if (ip.st.options.hashall) table.entries.set(name, { ...m, hits: countHit ? 1 : 0 });
    return m;
  }
  const c = ip.rt.commands.get(name);
  return c !== undefined && !isBuiltinCommand(c) ? { path: `/usr/bin/${name}`, command: c } : undefined;
}

/**
 * The synchronous fast path: the registered command `name` resolves to when the hash table
 * already maps it to one. Undefined means "look it up" (async).
 */
export function hashedCommand(ip: Interp, name: string): Command | undefined {
  const table = hashTable(ip);
  const e = table.entries.get(name);
  if (e?.command === undefined) return undefined;
  e.hits++;
  return e.command;
}
