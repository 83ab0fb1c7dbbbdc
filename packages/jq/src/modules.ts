/**
 * jq's module system, after jq 1.8's linker: `import "p" as name;` binds a module's own
 * definitions as `name::f`, `include "p";` binds them by their own names, `import "p" as $d;`
 * binds a JSON data file (all its texts, as an array) as `$d` and `$d::d`. A relative path is
 * looked up in the import's `search` metadata (relative to the importing file's directory) or
 * in `.` plus the library search list (`-L` dirs, else `~/.jq`, `$ORIGIN/../lib/jq`,
 * `$ORIGIN/../lib`), trying `DIR/p.jq`, `DIR/p/jq/main.jq` and `DIR/p/BASENAME.jq`. Each module
 * is parsed and compiled once per compilation. Files come from a `ModuleHost` (for the CLI the
 * shell's filesystem), never from the machine's.
 */
import { dirnameOf, resolvePath } from "@husk/host";
import type { ImportDirective, Program } from "./ast.js";
import type { CompileEnv } from "./compile.js";
import { compileDefs } from "./compile.js";
import { bindConst, bindDefs, type Scope } from "./scope.js";
import { JsonParseError, JsonReader } from "./json.js";
import { JqCompileError, parse } from "./parser.js";
import type { JqObject, Val } from "./value.js";
import { JqError, obj } from "./value.js";

/** Where modules are found and how their files are read. Paths given to `read` are absolute. */
export interface ModuleHost {
  /** jq's library search list (`-L` dirs, already absolute); absent: `DEFAULT_LIBRARY_PATHS`. */
  readonly libraryPaths?: readonly string[];
  /** `$HOME`, for `~/` in search paths and the `~/.jq` file every program includes; absent: neither. */
  readonly home?: string;
  /** `$ORIGIN`: the directory of the jq executable (default `/usr/bin`). */
  readonly jqOrigin?: string;
  /** The directory the main program's relative `search` paths start from (default: `cwd`). */
  readonly programOrigin?: string;
  /** The working directory: `.` in a search list and relative paths (default `/`). */
  readonly cwd?: string;
  /** The text of the file at `path`; undefined when there is no such file (or it is a directory). */
  read(path: string): string | undefined;
}

/** jq's library search list when no `-L` is given. */
export const DEFAULT_LIBRARY_PATHS: readonly string[] = ["~/.jq", "$ORIGIN/../lib/jq", "$ORIGIN/../lib"];

/** A module that could not be found: jq's message, for a compile error or a `modulemeta` error. */
class NotFound extends Error {}

/** `get_search_list`: the library search list as jq reports it. */
export function searchList(h: ModuleHost | undefined): Val[] {
  return [...(h?.libraryPaths ?? DEFAULT_LIBRARY_PATHS)];
}

/** jq's checks on a module's relative path; the message when it is refused. */
function badRelpath(rel: string): string | undefined {
  if (rel.includes("\0")) return "Module path contains a NUL byte";
  if (rel.includes("\\")) return `Modules must be named by relative paths using '/', not '\\' (${rel})`;
  const parts = rel.split("/");
  for (let i = 0; i < parts.length; i++) {
    if (parts[i] === "..") return `Relative paths to modules may not traverse to parent directories (${rel})`;
    if (i > 0 && parts[i] === parts[i - 1]) return `module names must not have equal consecutive components: ${rel}`;
  }
  return undefined;
}

/**
 * The absolute path of module `rel` (with `suffix`, `.jq` or `.json`) in the search list
 * `search`; `origin` is the directory relative search paths start from (null: the cwd).
 * Throws `NotFound` with jq's message.
 */
function findLib(h: ModuleHost, rel: string, search: readonly Val[], suffix: string, origin: string | null): string {
  const bad = badRelpath(rel);
  if (bad !== undefined) throw new NotFound(bad);
  const cwd = h.cwd ?? "/";
  let err: string | undefined;
  const base = rel.slice(rel.lastIndexOf("/") + 1);
  for (let dir of search) {
    if (typeof dir !== "string") continue;
    if (dir.startsWith("~/")) {
      if (h.home === undefined) {
        err = "Could not find home directory.";
        continue;
      }
      dir = `${h.home}/${dir.slice(2)}`;
    }
    if (dir === "") continue;
    if (dir.startsWith("$ORIGIN/")) dir = `${h.jqOrigin ?? "/usr/bin"}/${dir.slice(8)}`;
    else if (dir !== "." && origin !== null && !dir.startsWith("/")) dir = `${origin}/${dir}`;
    for (const cand of [`${dir}/${rel}${suffix}`, `${dir}/${rel}/jq/main${suffix}`, `${dir}/${rel}/${base}${suffix}`]) {
      const path = resolvePath(cwd, cand);
      if (h.read(path) !== undefined) return path;
    }
  }
  throw new NotFound(`module not found: ${rel}${err === undefined ? "" : ` (${err})`}`);
}

/** Every JSON text of a data file, as an array (jq's slurp of `import "f" as $d`). */
function loadData(path: string, text: string): Val[] {
  const out: Val[] = [];
  try {
    const r = new JsonReader(text);
    for (let v = r.next(); v !== undefined; v = r.next()) out.push(v);
  } catch (e) {
    if (e instanceof JsonParseError) throw new JqCompileError(`jq: error loading data file ${path}: ${e.message}`, -1);
    throw e;
  }
  return out;
}

interface Loaded {
  /** The module's scope after its definitions, and before them: its own definitions lie between. */
  top?: Scope;
  base?: Scope;
}

/**
 * Resolves, loads and compiles the imports of one compilation. `fresh` gives the scope a
 * module's definitions start from (the builtins and the program's global `$variables`); `env`
 * is the compilation's environment.
 */
export class Linker {
  readonly #mods = new Map<string, Loaded>();
  constructor(
    readonly host: ModuleHost,
    readonly env: CompileEnv,
    readonly fresh: () => Scope,
    readonly maxParseDepth: number,
  ) {}

  /** Binds the main program's imports (after the `~/.jq` file, when there is one) into `scope`. */
  bindProgram(prog: Program, scope: Scope): Scope {
    const h = this.host;
    let s = scope;
    if (h.home !== undefined) {
      const path = resolvePath(h.cwd ?? "/", `${h.home}/.jq`);
      if (h.read(path) !== undefined) {
        const m = this.#load(path);
        s = bindDefs(s, m.top!, m.base!);
      }
    }
    return this.#bindImports(prog.imports, s, h.programOrigin ?? h.cwd ?? "/");
  }

  #bindImports(imports: readonly ImportDirective[], scope: Scope, origin: string): Scope {
    let s = scope;
    for (const imp of imports) s = this.#bindImport(imp, s, origin);
    return s;
  }

  #bindImport(imp: ImportDirective, scope: Scope, origin: string): Scope {
    const h = this.host;
    const given = imp.meta.get("search");
    const search = given === undefined ? [".", ...(h.libraryPaths ?? DEFAULT_LIBRARY_PATHS)] : Array.isArray(given) ? given : [given];
    let path: string;
    try {
      path = findLib(h, imp.relpath, search, imp.isData ? ".json" : ".jq", origin);
    } catch (e) {
      if (!(e instanceof NotFound)) throw e;
      if (imp.meta.get("optional") === true) return scope;
      throw new JqCompileError(e.message, -1);
    }
    if (imp.isData) {
      const text = h.read(path)!;
      const value: Val = imp.meta.get("raw") === true ? text : loadData(path, text);
      const as = imp.as!;
      return bindConst(bindConst(scope, `${as}::${as}`, value), as, value);
    }
    const m = this.#load(path);
    return bindDefs(scope, m.top!, m.base!, imp.as);
  }

  #load(path: string): Loaded {
    const hit = this.#mods.get(path);
    if (hit) {
      if (hit.top === undefined) throw new JqCompileError(`circular import of ${path}`, -1);
      return hit;
    }
    const entry: Loaded = {};
    this.#mods.set(path, entry);
    const text = this.host.read(path) ?? "";
    try {
      const prog = parse(text, this.maxParseDepth);
      if (prog.bodyAt !== undefined) throw new JqCompileError("library should only have function definitions, not a main expression", prog.bodyAt);
      const base = this.#bindImports(prog.imports, this.fresh(), dirnameOf(path));
      entry.top = compileDefs(prog.defs, base, { ...this.env, file: path, source: text });
      entry.base = base;
      return entry;
    } catch (e) {
      if (e instanceof JqCompileError && e.file === undefined && e.offset >= 0) {
        e.file = path;
        e.source = text;
      }
      throw e;
    }
  }
}

/**
 * `modulemeta`: the module's `module {...}` metadata plus `deps` (its imports' metadata) and
 * `defs` (its own definitions as `name/arity`). Found in the library search list only, as jq
 * does. Throws `JqError` with jq's message; null for a module that does not parse.
 */
export function moduleMeta(name: Val, h: ModuleHost | undefined): Val {
  if (typeof name !== "string") throw new JqError("modulemeta input module name must be a string");
  const host: ModuleHost = h ?? { read: () => undefined };
  let path: string;
  try {
    path = findLib(host, name, host.libraryPaths ?? DEFAULT_LIBRARY_PATHS, ".jq", null);
  } catch (e) {
    if (e instanceof NotFound) throw new JqError(e.message);
    throw e;
  }
  let prog: Program;
  try {
    prog = parse(host.read(path) ?? "");
  } catch (e) {
    if (e instanceof JqCompileError) return null;
    throw e;
  }
  if (prog.bodyAt !== undefined) return null;
  const meta: JqObject = obj(prog.meta ?? []);
  meta.set("deps", prog.imports.map((i) => obj(i.meta)));
  meta.set("defs", [...new Set(prog.defs.map((d) => `${d.name}/${d.params.length}`))]);
  return meta;
}

/** Thrown by a `ModuleHost.read` that has not fetched `path` yet (see `fetchingHost`). */
export class ModuleFileMiss extends Error {
  constructor(readonly path: string) {
    super(`module file not fetched yet: ${path}`);
  }
}

/**
 * A `ModuleHost` for a host whose files are read asynchronously (the shell's filesystem):
 * `read` answers from `files` and throws `ModuleFileMiss` for a path not fetched yet. The caller
 * fetches the missed file into `files` (undefined: absent) and compiles, or runs, again.
 */
export function fetchingHost(base: Omit<ModuleHost, "read">, files: Map<string, string | undefined>): ModuleHost {
  return {
    ...base,
    read(path) {
      if (!files.has(path)) throw new ModuleFileMiss(path);
      return files.get(path);
    },
  };
}
