/**
 * The pure API: compile a jq program once, run it on values. No I/O: inputs, environment and
 * clock are passed in.
 */
import { LimitError, LimitsMeter, resolveLimits } from "@husk/host";
import { metered } from "./budget.js";
import type { CompileEnv } from "./compile.js";
import { compile, compileDefs } from "./compile.js";
import { bindVar, type Scope } from "./scope.js";
import { compileCollectTail, compileEachTail, joinCollectTail } from "./collect.js";
import { builtinNames, builtinScope, NATIVES } from "./builtins/index.js";
import { gen } from "./builtins/define.js";
import type { DumpOptions } from "./dump.js";
import { dump } from "./dump.js";
import { parseJsonSeq } from "./json.js";
import type { ModuleHost } from "./modules.js";
import { Linker } from "./modules.js";
import { JqCompileError, parse } from "./parser.js";
import type { Filter, Native, Runtime } from "./runtime.js";
import { Frame } from "./runtime.js";
import type { JqObject, Val } from "./value.js";
import { JqError, JqMap, fromJS, isStackOverflow, toJS } from "./value.js";

/** Options of a compilation. */
export interface CompileOptions {
  /** Names of the `$variables` the program may use (values given at run time). */
  readonly vars?: readonly string[];
  /** Maximum nesting of the program text. */
  readonly maxParseDepth?: number;
  /** Where `import`/`include` find modules; absent: no module is found. */
  readonly modules?: ModuleHost;
}

/** The world a run sees. */
export interface RunOptions {
  /** Values of the compiled `$variables`, by name. */
  readonly vars?: ReadonlyMap<string, Val>;
  /** `$ENV`; a function is called (once per run) only when the program reads `$ENV`. */
  readonly env?: ReadonlyMap<string, string> | Record<string, string> | (() => ReadonlyMap<string, string>);
  /** Inputs for `input`/`inputs` after the current one. */
  readonly nextInput?: () => Val | undefined;
  readonly inputFilename?: () => Val;
  /** Milliseconds since the epoch (default: Date.now). */
  readonly now?: () => number;
  /**
   * The run's limits: its deadline and cancellation, and its data budget (`maxDataBytes`: a
   * program that builds more fails with LimitError). Without a meter (and without
   * `maxDataBytes`) a run has no time or data bound: a program such as `[range(1e9)]` can
   * exhaust the heap, so untrusted programs need one.
   */
  readonly meter?: LimitsMeter;
  /** A data budget (bytes; see `Limits.maxDataBytes`) for a run without a `meter`. */
  readonly maxDataBytes?: number;
  /** Receives `debug`/`stderr` output. */
  readonly stderr?: (text: string) => void;
  /** `$ARGS`. */
  readonly args?: Val;
  /** Maximum jq function call depth (default 10000). */
  readonly maxDepth?: number;
  /** What `modulemeta` and `get_search_list` see; absent: no module is found. */
  readonly modules?: ModuleHost;
}

/** A compiled program. */
export interface CompiledJq {
  /** False when running the program twice on the same input gives the same outputs and effects. */
  readonly effectful: boolean;
  /** True when the program calls `input` or `inputs`. */
  readonly readsInputs: boolean;
  /** Runs the program on one input, calling `emit` per output; `emit` may return true to stop. */
  run(input: Val, emit: (v: Val) => boolean | undefined | void, options?: RunOptions): void;
  /**
   * `run`, except that when the program's last stage collects an array (`... | map(f)` or
   * `... | [f]`), each such output is not built but reported to `sink`: `item` per element, then
   * `end` (whose `true` stops the program, as `emit`'s does). Other programs call `emit` as
   * `run` does. If the run throws, elements reported since the last `end` belong to no output.
   */
  stream(input: Val, emit: (v: Val) => boolean | undefined | void, sink: CollectSink, options?: RunOptions): void;
  /**
   * Defined when the program is `map(f)`: `stream` on an array input whose elements are the values
   * `next` returns until `undefined` (read as they are needed, so the array is never held).
   */
  readonly streamArray: ((next: () => Val | undefined, sink: CollectSink, options?: RunOptions) => void) | undefined;
  /**
   * Defined when the program is `.[] | f` (or `.[]`): `run` on an array input whose elements are
   * the values `next` returns until `undefined` (read as they are needed).
   */
  readonly streamEach: ((next: () => Val | undefined, emit: (v: Val) => boolean | undefined | void, options?: RunOptions) => void) | undefined;
}

/** Receives an array output element by element (see `CompiledJq.stream`). */
export interface CollectSink {
  item(v: Val): void;
  end(): boolean;
}

let builtinsNative: Native | undefined;
function natives(): ReadonlyMap<string, Native> {
  if (!builtinsNative) {
    builtinsNative = gen("builtins", 0, (_i, _p, _f, e) => e(builtinNames(), null));
    (NATIVES as Map<string, Native>).set("builtins/0", builtinsNative);
  }
  return NATIVES;
}

/** Compiles a jq program. Throws `JqCompileError`. */
export function compileJq(text: string, options: CompileOptions = {}): CompiledJq {
  const prog = parse(text, options.maxParseDepth ?? 1000);
  const effects = { used: false, inputs: false };
  const env: CompileEnv = { natives: natives(), file: "<top-level>", effects };
  let scope: Scope = { b: null, next: builtinScope(), level: 0, alloc: { n: 0 } };
  const slots = new Map<string, number>();
  for (const name of options.vars ?? []) {
    const [s2, slot] = bindVar(scope, name);
    scope = s2;
    slots.set(name, slot);
  }
  if (options.modules || prog.imports.length > 0) {
    // A module sees the builtins and the program's `$name` variables (jq's --arg globals), whose
    // slots are in the root frame every top-level def runs under; module top levels allocate none.
    const globals = scope;
    const fresh = (): Scope => ({ b: null, next: globals, level: 0, alloc: { n: 0 } });
    const linker = new Linker(options.modules ?? { read: () => undefined }, env, fresh, options.maxParseDepth ?? 1000);
    scope = linker.bindProgram(prog, scope);
  }
  scope = compileDefs(prog.defs, scope, env);
  const tail = compileCollectTail(prog.body, scope, env);
  const body: Filter = tail ? joinCollectTail(tail) : compile(prog.body, scope, env);
  const each = tail?.each;
  const eachTail = tail ? undefined : compileEachTail(prog.body, scope, env);
  const nslots = scope.alloc.n;
  const start = (o: RunOptions, go: (root: Frame) => void): void => {
    const rt = new RunWorld(o);
    const root = new Frame(nslots, [], null, rt);
    rt.root = root;
    for (const [name, slot] of slots) root.vars[slot] = o.vars?.get(name) ?? null;
    try {
      metered(rt.meter, () => go(root));
    } catch (e) {
      throw internalError(e);
    }
  };
  return {
    effectful: effects.used,
    readsInputs: effects.inputs,
    run(input, emit, o = {}) {
      start(o, (root) => body(input, null, root, (v) => emit(v) === true));
    },
    stream(input, emit, sink, o = {}) {
      if (!tail) return this.run(input, emit, o);
      const item = (v: Val): boolean => {
        sink.item(v);
        return false;
      };
      start(o, (root) => tail.prefix(input, null, root, (v) => tail.items(v, null, root, item) || sink.end()));
    },
    streamArray: each && ((next, sink, o = {}) => {
      const item = (v: Val): boolean => {
        sink.item(v);
        return false;
      };
      start(o, (root) => {
        for (let x = next(); x !== undefined; x = next()) if (each(x, null, root, item)) return;
        sink.end();
      });
    }),
    streamEach: eachTail && ((next, emit, o = {}) => {
      const out = (v: Val): boolean => emit(v) === true;
      start(o, (root) => {
        for (let x = next(); x !== undefined; x = next()) if (eachTail(x, null, root, out)) return;
      });
    }),
  };
}

/**
 * What a failure of the JavaScript engine inside a run becomes (no JavaScript error name ever
 * reaches a message): a stack overflow, a string or array past V8's size limits. Anything else
 * is returned as it is.
 */
export function internalError(e: unknown): unknown {
  if (!(e instanceof RangeError)) return e;
  if (isStackOverflow(e)) return new JqError("maximum recursion depth exceeded (the program nests or recurses too deeply)");
  if (/string length/i.test(e.message)) return new JqError("string too long (a string holds at most 536870888 characters)");
  if (/array length/i.test(e.message)) return new JqError("array too long");
  return new JqError(`value too large (${e.message})`);
}

/** A meter bounding data only (no deadline), for `maxDataBytes` without a meter; undefined without either. */
function budgetMeter(maxDataBytes: number | undefined): LimitsMeter | undefined {
  if (maxDataBytes === undefined) return undefined;
  return new LimitsMeter(resolveLimits({ maxDataBytes, timeoutMs: Number.POSITIVE_INFINITY }));
}

const noInput = (): undefined => undefined;
const noFilename = (): null => null;
const noStderr = (): void => {};

/**
 * The Runtime of one run. A class, so that `$ENV` can be built on first use: most programs
 * never read it, and copying the environment per run is most of a small run's allocation.
 */
class RunWorld implements Runtime {
  readonly meter: LimitsMeter | undefined;
  readonly nextInput: () => Val | undefined;
  readonly inputFilename: () => Val;
  readonly now: () => number;
  readonly stderr: (text: string) => void;
  readonly args: Val;
  root: Frame = undefined as unknown as Frame;
  depth = 0;
  readonly maxDepth: number;
  readonly modules: ModuleHost | undefined;
  #env: JqObject | undefined;
  readonly #envSource: RunOptions["env"];
  constructor(o: RunOptions) {
    this.#envSource = o.env;
    this.meter = o.meter ?? budgetMeter(o.maxDataBytes);
    this.nextInput = o.nextInput ?? noInput;
    this.inputFilename = o.inputFilename ?? noFilename;
    this.now = o.now ?? Date.now;
    this.stderr = o.stderr ?? noStderr;
    this.args = o.args ?? new JqMap([["positional", []], ["named", new JqMap()]]);
    this.maxDepth = o.maxDepth ?? 10000;
    this.modules = o.modules;
  }
  get env(): JqObject {
    if (this.#env === undefined) {
      const envMap: JqObject = new JqMap();
      const src = typeof this.#envSource === "function" ? this.#envSource() : this.#envSource;
      if (src) {
        const entries = typeof src.entries === "function" ? (src as ReadonlyMap<string, string>).entries() : Object.entries(src);
        for (const [k, v] of entries) envMap.set(k, v);
      }
      this.#env = envMap;
    }
    return this.#env;
  }
}

/** Options of the one-call API. */
export interface JqOptions extends RunOptions {
  /** `$name` variables as plain JS values. */
  readonly variables?: Record<string, unknown>;
  /** Return serialized text (one JSON text per line, jq's formatting) instead of values. */
  readonly output?: "values" | "text";
  /** Serializer flags for `output: "text"` (default compact unless `indent` given). */
  readonly format?: DumpOptions & { readonly raw?: boolean };
  /**
   * `input` is JSON text (a string of one or more JSON texts, parsed by jq's reader: key order
   * and `__proto__` keys are kept); the program runs on each text in turn, as the CLI does.
   */
  readonly inputIsText?: boolean;
}

/**
 * Runs `filter` on `input` (a JS value, or a JSON text when `inputIsText`), returning all
 * outputs as plain JS values (objects are null-prototype; a number literal jq kept, a `DecLit`,
 * comes back as its double), or as text with `output: "text"` (literals printed as jq 1.8
 * prints them: `1.000`, `12345678901234567891`). A bigint in `input` or `variables` keeps its
 * digits. Throws `JqCompileError` or `JqError`.
 */
export function jq(filter: string, input: unknown, options: JqOptions & { output: "text" }): string;
export function jq(filter: string, input: unknown, options?: JqOptions): unknown[];
export function jq(filter: string, input: unknown, options: JqOptions = {}): unknown[] | string {
  const vars = options.variables ?? {};
  const names = Object.keys(vars);
  const prog = compileJq(filter, { vars: names });
  const varMap = new Map<string, Val>(names.map((n) => [n, fromJS(vars[n])]));
  const results: Val[] = [];
  const inputs = options.inputIsText ? parseJsonSeq(String(input)) : [fromJS(input)];
  let next = 0;
  // one budget for the whole call (every input, and the text of the outputs)
  const meter = options.meter ?? budgetMeter(options.maxDataBytes);
  const runOpts: RunOptions = { ...options, meter, vars: options.vars ?? varMap, nextInput: () => (next < inputs.length ? inputs[next++] : undefined) };
  while (next < inputs.length) prog.run(inputs[next++]!, (v) => void results.push(v), runOpts);
  if (options.output === "text") {
    const fmt = options.format ?? { indent: 0 };
    return metered(meter, () => results.map((v) => (fmt.raw && typeof v === "string" ? v : dump(v, fmt))).join("\n") + (results.length ? "\n" : ""));
  }
  return results.map(toJS);
}

/** Parses JSON text(s) into jq values (concatenated texts allowed). */
export function parseJsonTexts(text: string): Val[] {
  return parseJsonSeq(text);
}

export type { ModuleHost };
export { JqCompileError, JqError, LimitError };
