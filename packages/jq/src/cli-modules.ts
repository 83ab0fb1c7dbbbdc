/**
 * Modules for the `jq` command: the `ModuleHost` over the shell's filesystem (never the
 * machine's). The filesystem is asynchronous and compilation is not, so module files are
 * fetched on demand: compile, fetch the file the linker missed, compile again.
 */
import type { CommandContext } from "@husk/host";
import { FsError, dirnameOf, resolvePath } from "@husk/host";
import type { CompiledJq, CompileOptions } from "./api.js";
import { compileJq } from "./api.js";
import type { ModuleHost } from "./modules.js";
import { ModuleFileMiss, fetchingHost } from "./modules.js";

/** Module files fetched so far (absolute path -> text, undefined when absent). */
export type FetchedFiles = Map<string, string | undefined>;

/**
 * The module settings of a run: `-L` dirs (absolute when they exist, as jq's realpath makes
 * them), `$HOME`, and the program's origin (the `-f` file's directory, else the cwd).
 */
export async function moduleSettings(ctx: CommandContext, libPaths: readonly string[] | undefined, fromFile: string | undefined): Promise<Omit<ModuleHost, "read">> {
  let libraryPaths: string[] | undefined;
  if (libPaths) {
    libraryPaths = [];
    for (const p of libPaths) {
      const abs = resolvePath(ctx.cwd, p);
      libraryPaths.push((await ctx.fs.exists(abs)) ? abs : p);
    }
  }
  return {
    libraryPaths,
    home: ctx.env.get("HOME"),
    jqOrigin: "/usr/bin",
    programOrigin: fromFile === undefined ? ctx.cwd : dirnameOf(resolvePath(ctx.cwd, fromFile)),
    cwd: ctx.cwd,
  };
}

/** Fetches a module file from the shell's filesystem into `files` (undefined: no such regular file). */
export async function fetchModuleFile(ctx: CommandContext, files: FetchedFiles, path: string): Promise<void> {
  let text: string | undefined;
  try {
    // `exists` first: a missing file is the common case (no ~/.jq), and a rejected stat costs an Error.
    if ((await ctx.fs.exists(path)) && (await ctx.fs.stat(path)).type === "file") text = await ctx.fs.readFile(path);
  } catch (e) {
    if (!(e instanceof FsError)) throw e;
  }
  files.set(path, text);
}

/**
 * True when compiling `text` involves module files: it has an import or include, or `~/.jq`
 * is a file (jq includes it in every program; fetched into `files`).
 */
export async function needsModules(ctx: CommandContext, text: string, settings: Omit<ModuleHost, "read">, files: FetchedFiles): Promise<boolean> {
  if (settings.home !== undefined) {
    const path = resolvePath(ctx.cwd, `${settings.home}/.jq`);
    await fetchModuleFile(ctx, files, path);
    if (files.get(path) !== undefined) return true;
  }
  return /\b(?:import|include)\b/.test(text);
}

/** `compileJq` with modules from the shell: fetches each file the linker asks for, then compiles again. */
export async function compileWithModules(ctx: CommandContext, text: string, options: CompileOptions, host: ModuleHost, files: FetchedFiles): Promise<CompiledJq> {
  for (;;) {
    try {
      return compileJq(text, { ...options, modules: host });
    } catch (e) {
      if (!(e instanceof ModuleFileMiss)) throw e;
      await fetchModuleFile(ctx, files, e.path);
    }
  }
}

export { ModuleFileMiss, fetchingHost };
