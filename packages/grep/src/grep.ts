import {
  type Command,
  type CommandContext,
  FsError,
  HuskError,
  type InputStream,
  type LimitsMeter,
  UsageError,
  basenameOf,
  resolvePath,
  utf8Length,
} from "@husk/host";
import { compileGlob } from "@husk/pattern";
import { EGREP_INFO, FGREP_INFO, GREP_HELP, GREP_INFO } from "./help.js";
import { type LineMatcher, buildMatcher, ereWarnings } from "./matcher.js";
import { type GrepOptions, parseGrepArgs } from "./options.js";
import { FileSearch } from "./search.js";

/** Result of the pure API. */
export interface GrepResult {
  /** What grep would print on stdout. */
  readonly output: string;
  /** 0 selected lines, 1 none (errors throw). */
  readonly status: number;
}

/** Splits grep patterns on newlines (each line is a pattern, as GNU does). */
export function splitPatterns(patterns: string | readonly string[]): string[] {
  const list = typeof patterns === "string" ? [patterns] : patterns;
  return list.flatMap((p) => p.split("\n"));
}

/**
 * The pure API: searches `input` as grep would search standard input (name: `options.label`
 * or "(standard input)", shown only with `withFilename`). Throws `RegexError` on a bad pattern.
 */
export function grep(patterns: string | readonly string[], input: string, options: GrepOptions = {}, meter?: LimitsMeter): GrepResult {
  const m = buildMatcher(splitPatterns(patterns), options, meter);
  const out: string[] = [];
  const s = new FileSearch(options.label ?? "(standard input)", options.withFilename === true, m, options, out, meter);
  s.feed(input, true);
  const r = s.finish();
  return { output: out.join(""), status: r.matched ? 0 : 1 };
}

const VERSION = "grep (GNU grep) 3.8 (husk)\n";

/** Flushes buffered output to stdout (awaiting back-pressure). */
async function flush(ctx: CommandContext, out: string[]): Promise<void> {
  if (out.length === 0) return;
  const text = out.join("");
  out.length = 0;
  const p = ctx.stdout.write(text);
  if (p) await p;
}

async function feedStream(input: InputStream, s: FileSearch, ctx: CommandContext, out: string[]): Promise<void> {
  for (;;) {
    if (s.done) break;
    const chunk = await input.read();
    if (chunk === undefined) break;
    s.feed(chunk, false);
    if (out.length > 64) await flush(ctx, out);
  }
  s.feed("", true);
}

/** Runs grep with `ctx` as the world (`mode` is -G for grep, -E for egrep, -F for fgrep). */
export async function runGrep(ctx: CommandContext, defaultMode: "G" | "E" | "F"): Promise<number> {
  let args;
  try {
    args = parseGrepArgs(ctx.args, defaultMode);
  } catch (e) {
    if (e instanceof UsageError) {
      ctx.stderr.write(e.message.startsWith("Usage:") ? `${e.message}\n` : `${ctx.name}: ${e.message}\n`);
      return 2;
    }
    throw e;
  }
  if (args.help) {
    await ctx.stdout.write(GREP_HELP);
    return 0;
  }
  if (args.version) {
    await ctx.stdout.write(VERSION);
    return 0;
  }
  const o = args.options;
  // GNU 3.8: -m 0 stops before reading patterns or files (-L still lists them)
  if (o.maxCount === 0 && !o.filesWithoutMatch) return 1;
  const err = (msg: string): void => {
    ctx.stderr.write(`${ctx.name}: ${msg}\n`);
  };
  let stdinUsed = false;
  // patterns
  const patterns: string[] = [];
  for (const p of args.patterns) patterns.push(...p.split("\n"));
  for (const f of args.patternFiles) {
    let text: string;
    try {
      if (f === "-") {
        stdinUsed = true;
        text = await ctx.stdin.readAll();
      } else if (resolvePath(ctx.cwd, f) === "/dev/null") text = "";
      else text = await ctx.fs.readFile(resolvePath(ctx.cwd, f));
    } catch (e) {
      if (e instanceof FsError) {
        err(`${f}: ${e.message}`);
        return 2;
      }
      throw e;
    }
    if (text === "") continue; // an empty file adds no pattern
    if (text.endsWith("\n")) text = text.slice(0, -1);
    patterns.push(...text.split("\n"));
  }
  // GNU: -v with only empty patterns can select nothing, so grep stops before reading input
  // (no -c count is printed either; -L still lists the files)
  if (o.invert && !o.filesWithoutMatch && !o.lineRegexp && !o.wordRegexp && patterns.length > 0 && patterns.every((p) => p === "")) {
    return 1;
  }
  // GNU drops repeated patterns before compiling, so each warns once
  if ((o.mode ?? defaultMode) === "E") for (const p of new Set(patterns)) for (const w of ereWarnings(p)) err(`warning: ${w}`);
  let matcher: LineMatcher;
  try {
    matcher = buildMatcher(patterns, o, ctx.meter);
  } catch (e) {
    if (e instanceof HuskError && e.name === "RegexError") {
      err(e.message);
      return 2;
    }
    throw e;
  }
  const include = (o.include ?? []).map((g) => compileGlob(g));
  const exclude = (o.exclude ?? []).map((g) => compileGlob(g));
  const excludeDir = (o.excludeDir ?? []).map((g) => compileGlob(g));
  const fileWanted = (name: string): boolean => {
    const base = basenameOf(name.startsWith("/") ? name : `/${name}`);
    if (exclude.some((g) => g.matches(base))) return false;
    if (include.length > 0 && !include.some((g) => g.matches(base))) return false;
    return true;
  };
  const implicitDot = args.files.length === 0 && !!o.recursive;
  const files = args.files.length > 0 ? args.files : o.recursive ? ["."] : ["-"];
  const out: string[] = [];
  const shared = { printed: false };
  let matched = false;
  let error = false;

  const searchOne = async (display: string, showName: boolean, read: () => Promise<string> | InputStream): Promise<boolean> => {
    const s = new FileSearch(display, showName, matcher, o, out, ctx.meter, shared);
    const src = read();
    if (src instanceof Promise) {
      const text = await src;
      if (o.initialTab) s.numWidth = String(utf8Length(text)).length;
      s.feed(text, true);
    } else {
      // GNU sizes -T's number column from the file size; a pipe has none, so 19 digits
      if (o.initialTab) s.numWidth = 19;
      await feedStream(src, s, ctx, out);
    }
    const r = s.finish();
    if (r.binaryMatched && !o.quiet && !o.count && !o.filesWithMatches && !o.filesWithoutMatch) {
      await flush(ctx, out);
      ctx.stderr.write(`${ctx.name}: ${display}: binary file matches\n`);
    }
    await flush(ctx, out);
    if (r.matched) matched = true;
    return r.matched && !!o.quiet;
  };

  const walk = async (abs: string, display: string): Promise<boolean> => {
    let names: string[];
    try {
      names = await ctx.fs.readdir(abs);
    } catch (e) {
      if (e instanceof FsError) {
        if (!o.noMessages) err(`${display}: ${e.message}`);
        error = true;
        return false;
      }
      throw e;
    }
    for (const n of names) {
      ctx.meter.tick();
      const childAbs = abs === "/" ? `/${n}` : `${abs}/${n}`;
      const childDisp = display === "" ? n : display.endsWith("/") ? `${display}${n}` : `${display}/${n}`;
      let st;
      try {
        st = await ctx.fs.lstat(childAbs);
      } catch {
        continue;
      }
      if (st.type === "symlink") continue; // -r does not follow symlinks below the operands
      if (st.type === "directory") {
        if (excludeDir.some((g) => g.matches(n))) continue;
        if (await walk(childAbs, childDisp)) return true;
      } else if (fileWanted(n)) {
        const stop = await searchOne(childDisp, o.withFilename ?? true, () => ctx.fs.readFile(childAbs));
        if (stop) return true;
      }
    }
    return false;
  };

  const showOperandNames = o.withFilename ?? files.length > 1;
  for (const f of files) {
    if (f === "-") {
      if (stdinUsed) continue;
      stdinUsed = true;
      if (await searchOne(o.label ?? "(standard input)", showOperandNames, () => ctx.stdin)) return 0;
      continue;
    }
    const abs = resolvePath(ctx.cwd, f);
    if (abs === "/dev/null") {
      await searchOne(f, showOperandNames, () => Promise.resolve(""));
      continue;
    }
    try {
      const st = await ctx.fs.stat(abs);
      if (st.type === "directory") {
        if (o.skipDirs && !o.recursive) continue;
        if (o.recursive) {
          if (excludeDir.length > 0 && f !== "." && excludeDir.some((g) => g.matches(basenameOf(abs)))) continue;
          if (await walk(abs, implicitDot ? "" : f)) return 0;
        } else {
          if (!o.noMessages) err(`${f}: Is a directory`);
          error = true;
        }
        continue;
      }
      if (!fileWanted(f)) continue;
      if (await searchOne(f, showOperandNames, () => ctx.fs.readFile(abs))) return 0;
    } catch (e) {
      if (e instanceof FsError) {
        await flush(ctx, out);
        if (!o.noMessages) err(`${f}: ${e.message}`);
        error = true;
        continue;
      }
      throw e;
    }
  }
  await flush(ctx, out);
  if (error && !(o.quiet && matched)) return 2;
  return matched ? 0 : 1;
}

/** `grep`: print lines that match patterns (BRE by default). */
export const grepCommand: Command = {
  ...GREP_INFO,
  run: (ctx) => runGrep(ctx, "G"),
};

/** `egrep`: grep -E. */
export const egrepCommand: Command = {
  ...EGREP_INFO,
  run: (ctx) => runGrep(ctx, "E"),
};

/** `fgrep`: grep -F. */
export const fgrepCommand: Command = {
  ...FGREP_INFO,
  run: (ctx) => runGrep(ctx, "F"),
};
