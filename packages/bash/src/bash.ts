/**
 * The Bash facade: a sandboxed bash whose filesystem persists across `exec()` calls.
 */
import { DisabledFs, MemoryFs, dirnameOf, normalizePath } from "@husk/host";
import type { Command, CommandRegistrar, FileSystem } from "@husk/host";
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
  #ready: Promise<void>;

  constructor(options: BashOptions = {}) {
    this.#options = options;
    const profile = options.profile ?? "sandbox";
    const cwd = normalizePath(options.cwd ?? "/home/user");
    if (profile === "logic-only") this.fs = new DisabledFs();
    else this.fs = options.fs ?? new MemoryFs({ clock: options.clock, limits: fsLimits(options) });
    const table = commandTable();
    for (const c of packageCommands()) {
      if (profile === "logic-only" && c.fileAccess === "required") continue;
      table.register(c);
    }
    if (profile === "logic-only") for (const n of FILE_BUILTINS) if (n === "source" || n === ".") table.delete(n);
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
    this.#ready = profile === "sandbox" && options.fs === undefined ? this.#seed(cwd, options) : Promise.resolve();
  }

  async #seed(cwd: string, options: BashOptions): Promise<void> {
    const fs = this.fs;
    for (const d of ["/tmp", "/home/user", cwd]) await fs.mkdir(d, { recursive: true }).catch(() => undefined);
    for (const [p, content] of Object.entries(options.files ?? {})) {
      const path = normalizePath(p.startsWith("/") ? p : `${cwd}/${p}`);
      if (await fs.exists(path)) continue;
      await fs.mkdir(dirnameOf(path), { recursive: true }).catch(() => undefined);
      await fs.writeFile(path, content).catch(() => undefined);
    }
  }

  /** Runs a script. Script failures, limit breaches, timeouts and cancellation come back as results. */
  async exec(script: string, options: ExecOptions = {}): Promise<ExecResult> {
    await this.#ready;
    if (!this.#options.persistState) this.#session.reset();
    return this.#session.run(script, options);
  }
}

function fsLimits(o: BashOptions): { maxFsBytes?: number; maxFileBytes?: number; maxFiles?: number } {
  const l = o.limits ?? {};
  return { ...(l.maxFsBytes !== undefined ? { maxFsBytes: l.maxFsBytes } : {}), ...(l.maxFileBytes !== undefined ? { maxFileBytes: l.maxFileBytes } : {}), ...(l.maxFiles !== undefined ? { maxFiles: l.maxFiles } : {}) };
}
