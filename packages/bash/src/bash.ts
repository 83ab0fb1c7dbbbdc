/**
 * The Bash facade: a sandboxed bash whose filesystem persists across `exec()` calls.
 */
import { DisabledFs, MemoryFs, dirnameOf, normalizePath } from "@husk/host";
import type { Command, CommandRegistrar, CommandTable, FileSystem } from "@husk/host";
import { FILE_BUILTINS, ShellSession, commandTable } from "@husk/interp";
import { packageCommands } from "./registry.js";
import type { BashOptions, ExecOptions, ExecResult } from "./types.js";

/**
 * A shell instance. `sandbox` (default): a MemoryFs seeded from `files`, cwd `/home/user`.
 * `logic-only`: no filesystem, file commands absent, filesystem redirections refused.
 */
export class Bash {
  readonly fs: FileSystem;
  readonly #options: BashOptions;
  #session: ShellSession;

  constructor(options: BashOptions = {}) {
    this.#options = options;
    const profile = options.profile ?? "sandbox";
    const cwd = normalizePath(options.cwd ?? "/home/user");
    if (profile === "logic-only") this.fs = new DisabledFs();
    else if (options.fs !== undefined) this.fs = options.fs;
    else {
      const mem = new MemoryFs({ clock: options.clock, limits: fsLimits(options) });
      this.#seed(mem, cwd, options);
      this.fs = mem;
    }
    const table = baseTable(profile);
    for (const c of options.commands ?? []) table.register(c);
    const exts = [...(options.extensions ?? []), ...(options.toolRegistry ? [options.toolRegistry] : [])];
    const registrar: CommandRegistrar = {
      register: (c: Command) => table.register(c),
      has: (n: string) => table.has(n),
    };
    for (const e of exts) e.install(registrar);
    this.#session = new ShellSession({
      fs: this.fs,
      commands: table,
      profile,
      limits: options.limits,
      clock: options.clock,
      randomSeed: options.randomSeed,
      identity: options.identity,
      env: options.env,
      cwd,
    });
  }

  /** Creates the standard directories and the `files` of the options (synchronously: the MemoryFs was just made here). */
  #seed(fs: MemoryFs, cwd: string, options: BashOptions): void {
    for (const d of ["/tmp", "/home/user", cwd]) ignore(() => fs.mkdirSync(d, { recursive: true }));
    for (const [p, content] of Object.entries(options.files ?? {})) {
      const path = normalizePath(p.startsWith("/") ? p : `${cwd}/${p}`);
      if (fs.existsSync(path)) continue;
      ignore(() => fs.mkdirSync(dirnameOf(path), { recursive: true }));
      ignore(() => fs.writeFileSync(path, content));
    }
  }

  /** Runs a script. Script failures, limit breaches, timeouts and cancellation come back as results. */
  async exec(script: string, options: ExecOptions = {}): Promise<ExecResult> {
    if (!this.#options.persistState) this.#session.reset();
    return this.#session.run(script, options);
  }
}

const baseTables = new Map<string, CommandTable>();

/** A copy (copy-on-write) of the profile's table of builtins and package commands, built once per profile. */
function baseTable(profile: string): CommandTable {
  let t = baseTables.get(profile);
  if (t === undefined) {
    t = commandTable();
    for (const c of packageCommands()) {
      if (profile === "logic-only" && c.fileAccess === "required") continue;
      t.register(c);
    }
    if (profile === "logic-only") for (const n of FILE_BUILTINS) if (n === "source" || n === ".") t.delete(n);
    baseTables.set(profile, t);
  }
  return t.clone();
}

/** Runs `f`, ignoring a failure (seeding is best-effort, as `mkdir -p` on an existing path). */
function ignore(f: () => void): void {
  try {
    f();
  } catch {
    // best-effort
  }
}

function fsLimits(o: BashOptions): { maxFsBytes?: number; maxFileBytes?: number; maxFiles?: number } {
  const l = o.limits ?? {};
  return { ...(l.maxFsBytes !== undefined ? { maxFsBytes: l.maxFsBytes } : {}), ...(l.maxFileBytes !== undefined ? { maxFileBytes: l.maxFileBytes } : {}), ...(l.maxFiles !== undefined ? { maxFiles: l.maxFiles } : {}) };
}
