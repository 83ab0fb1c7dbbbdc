/**
 * Runs a parsed program: operands and `-v` assignments, BEGIN, the main record loop over
 * ARGV's files (or stdin), END, then flushing redirections. The loop stays synchronous while the
 * input buffer holds records and the rules do not wait.
 */
import { AbortError, BrokenPipeError, HuskError, LimitError, resolvePath } from "@husk/host";
import type { Program } from "./ast.js";
import { ControlSignal, Done } from "./compile-expr.js";
import { ProgramCompiler } from "./compile-stmt.js";
import type { Exec } from "./compile-stmt.js";
import { unescapeString } from "./literals.js";
import { AwkFatalError } from "./errors.js";
import { NEED_MORE, RecordReader } from "./records.js";
import type { RecordSep } from "./records.js";
import { Runtime } from "./runtime.js";
import type { RuntimeIO } from "./runtime.js";
import { fromInput, toNum } from "./values.js";

/** What `runProgram` needs besides the world (`io`). */
export interface RunSpec {
  readonly program: Program;
  /** ARGV[1..]: files and `var=value` assignments. */
  readonly operands: readonly string[];
  /** `-v name=value` assignments, applied before BEGIN. */
  readonly assigns: readonly string[];
  /** `-F` value (escapes not yet processed). */
  readonly fs?: string | undefined;
  /** ARGV[0]. */
  readonly argv0?: string;
  /** Initial seed of rand() (default: gawk's, 1; `srand()` still returns 0 first). */
  readonly seed?: number | undefined;
}

const ASSIGN_RE = /^([A-Za-z_][A-Za-z0-9_]*)=([\s\S]*)$/;

/** The result of a run. */
export interface RunResult {
  readonly status: number;
}

/** Executes a program. Returns the exit status; fatal errors are written to stderr as `awk: ...`. */
export async function runProgram(spec: RunSpec, io: RuntimeIO): Promise<number> {
  const rt = new Runtime(io, spec.argv0 ?? "awk");
  try {
    return await execute(rt, spec);
  } catch (e) {
    if (e instanceof LimitError || e instanceof AbortError || e instanceof BrokenPipeError) {
      rt.flushStdout();
      throw e;
    }
    if (e instanceof HuskError) {
      try {
        rt.flushStdout();
        await rt.drain();
      } catch {
        /* keep the first error */
      }
      let msg = e.message;
      // gawk names the input position in a fatal error once a record has been read
      if (e instanceof AwkFatalError && rt.FNR > 0) {
        const name = rt.str(rt.FILENAME) || "-";
        msg = msg.replace(/(^|: )fatal: /, `$1(FILENAME=${name} FNR=${rt.FNR}) fatal: `);
      }
      await io.stderr.write(`${spec.argv0 ?? "awk"}: ${msg}\n`);
      return e.status === 1 ? 2 : e.status;
    }
    if (e instanceof RangeError) {
      rt.flushStdout();
      await io.stderr.write(`${spec.argv0 ?? "awk"}: fatal: nesting too deep\n`);
      return 2;
    }
    throw e;
  } finally {
    // however the run ended (exit, a fatal error, a limit, a broken pipe, cancellation)
    rt.abandon();
    rt.held.releaseAll();
  }
}

async function execute(rt: Runtime, spec: RunSpec): Promise<number> {
  const compiler = new ProgramCompiler(rt, spec.program);
  if (spec.seed !== undefined) rt.random.seed(spec.seed);
  const held = rt.held;
  held.setElem(rt.ARGV, "0", spec.argv0 ?? "awk");
  spec.operands.forEach((a, i) => held.setElem(rt.ARGV, String(i + 1), fromInput(a)));
  const argcSlot = compiler.globalSlot("ARGC");
  rt.globals[argcSlot] = spec.operands.length + 1;
  held.setElem(rt.PROCINFO, "version", "5.2.1");
  held.setElem(rt.PROCINFO, "FS", "FS");
  held.setElem(rt.PROCINFO, "pid", 4242);
  // `-F t` is a literal t in gawk and mawk (only BWK awk and gawk --traditional make it a tab)
  if (spec.fs !== undefined) rt.FS = unescapeString(spec.fs);
  const assign = (text: string): boolean => {
    const m = ASSIGN_RE.exec(text);
    if (m === null) return false;
    const set = compiler.lvalue({ type: "Var", name: m[1]!, line: 0 }).set;
    set(fromInput(unescapeString(m[2]!)));
    return true;
  };
  for (const a of spec.assigns) {
    if (!assign(a)) throw new HuskError(`fatal: \`${a}' argument to \`-v' not in \`var=value' form`, 2);
  }
  const prog = compiler.compile(spec.program);

  // ---- main input over ARGV ----
  let argi = 1;
  let sawFile = false;
  let reader: RecordReader | undefined;
  let inputDone = false;
  const openNext = async (): Promise<boolean> => {
    for (;;) {
      const argc = Math.trunc(toNum(rt.globals[argcSlot] as number));
      if (argi >= argc) {
        if (sawFile) return false;
        sawFile = true;
        reader = rt.stdinReader();
        rt.FILENAME = "";
        rt.FNR = 0;
        return true;
      }
      const v = rt.ARGV.get(String(argi++));
      if (v === undefined) continue;
      const arg = rt.str(v);
      if (arg === "") continue;
      if (assign(arg)) continue;
      sawFile = true;
      rt.FILENAME = fromInput(arg);
      rt.FNR = 0;
      if (arg === "-" || arg === "/dev/stdin") {
        reader = rt.stdinReader();
        return true;
      }
      const fs = rt.io.fs;
      let text: string;
      try {
        if (fs === undefined) throw new Error("No such file or directory");
        text = await fs.readFile(resolvePath(rt.io.cwd, arg));
      } catch (e) {
        const why = e instanceof Error ? e.message : "error";
        if (/directory/i.test(why) && !/No such/.test(why)) {
          rt.warn(`command line argument \`${arg}' is a directory: skipped`);
          continue;
        }
        throw new HuskError(`fatal: cannot open file \`${arg}' for reading: ${why}`, 2);
      }
      reader = new RecordReader(text);
      return true;
    }
  };
  let sep: RecordSep = rt.recordSep();
  let sepFor = rt.RS;
  let sepCase = rt.IGNORECASE;
  const currentSep = (): RecordSep => {
    if (rt.RS !== sepFor || rt.IGNORECASE !== sepCase) {
      sep = rt.recordSep();
      sepFor = rt.RS;
      sepCase = rt.IGNORECASE;
    }
    return sep;
  };
  const runHook = async (hook: Exec | undefined): Promise<number> => {
    if (hook === undefined) return Done.Normal;
    try {
      const c = hook();
      return typeof c === "number" ? c : await c;
    } catch (e) {
      if (e instanceof ControlSignal) return e.code;
      throw e;
    }
  };
  /** Next main-input record, crossing files; undefined at the end. Used by plain getline. */
  const nextRecord = async (): Promise<string | undefined> => {
    for (;;) {
      if (inputDone) return undefined;
      if (reader === undefined) {
        if (!(await openNext())) {
          inputDone = true;
          return undefined;
        }
      }
      const rec = await reader!.next(currentSep());
      if (rec !== undefined) {
        rt.RT = reader!.rt;
        return rec;
      }
      reader = undefined;
    }
  };
  rt.nextMainRecord = nextRecord;

  let code = await runHook(prog.begin);
  if (code !== Done.Exit && prog.readsInput) {
    const main = prog.main;
    const meter = rt.io.meter;
    outer: for (;;) {
      if (reader === undefined) {
        if (inputDone || !(await openNext())) break;
        if (prog.beginfile !== undefined) {
          code = await runHook(prog.beginfile);
          if (code === Done.Exit) break;
          if (code === Done.NextFile) {
            reader = undefined;
            continue;
          }
        }
      }
      const r = reader!;
      for (;;) {
        let rec = r.tryNext(currentSep());
        if (rec === NEED_MORE) {
          if (rt.hasPending) {
            rt.flushStdout();
            await rt.drain();
          }
          await r.fill();
          continue;
        }
        if (rec === undefined) break;
        rt.NR++;
        rt.FNR++;
        rt.RT = r.rt;
        rt.setRecord(rec);
        meter?.tick();
        if (main === undefined) continue;
        let c: number | Promise<number>;
        try {
          c = main();
          if (typeof c !== "number") c = await c;
        } catch (e) {
          if (!(e instanceof ControlSignal)) throw e;
          c = e.code;
        }
        if (c === Done.Normal || c === Done.Next) continue;
        if (c === Done.NextFile) break;
        if (c === Done.Exit) {
          code = Done.Exit;
          break outer;
        }
        rec = undefined;
      }
      if (reader === r) reader = undefined;
      if (prog.endfile !== undefined) {
        code = await runHook(prog.endfile);
        if (code === Done.Exit) break;
      }
    }
  }
  if (prog.end !== undefined && !(code === Done.Exit && rt.exitFromEnd)) {
    await runHook(prog.end);
  }
  await rt.closeAll();
  return rt.exitCode;
}
