/**
 * Runtime types shared by the compiler and the builtins: filters in continuation-passing style.
 * A filter calls `emit(value, path)` once per output; `emit` returns `true` to stop the
 * producer (used by `limit`, `first`, ...). `path` is `null` unless a path expression is being
 * evaluated (assignment, `path(f)`, `del`).
 */
import type { LimitsMeter } from "@husk/host";
import { SLOT, charge } from "./budget.js";
import { dumpHead } from "./dump.js";
import { trunc } from "./ops.js";
import type { ModuleHost } from "./modules.js";
import type { JqObject, Val } from "./value.js";
import { JqError } from "./value.js";

/** A path being tracked, or null when not tracking. */
export type Path = Val[] | null;
/** Receives one output; returns true to stop the producer. */
export type Emit = (v: Val, p: Path) => boolean;
/** A compiled jq expression. */
export type Filter = (input: Val, path: Path, frame: Frame, emit: Emit) => boolean;

/** What a running program can reach of the world. */
export interface Runtime {
  /** `$ENV` / `env`. */
  readonly env: JqObject;
  readonly meter: LimitsMeter | undefined;
  /** Next input for `input`/`inputs`, or undefined when exhausted. */
  nextInput(): Val | undefined;
  /** Current input file name (`input_filename`). */
  inputFilename(): Val;
  /** Milliseconds since the epoch (`now`). */
  now(): number;
  /** Writes a message to stderr (`debug`, `stderr`, `input_line_number`). */
  stderr(text: string): void;
  /** `$__prog_args` style named/positional arguments (`$ARGS`). */
  readonly args: Val;
  /** Root frame (top-level slots). */
  root: Frame;
  /** Current call depth (bounded). */
  depth: number;
  readonly maxDepth: number;
  /** Where `modulemeta` finds modules (absent: nowhere). */
  readonly modules?: ModuleHost;
}

/** One activation of a jq function (or the top level). */
export class Frame {
  vars: Val[];
  readonly args: readonly Closure[];
  readonly parent: Frame | null;
  readonly rt: Runtime;
  constructor(nslots: number, args: readonly Closure[], parent: Frame | null, rt: Runtime) {
    this.vars = nslots === 0 ? EMPTY_VARS : new Array<Val>(nslots).fill(null);
    this.args = args;
    this.parent = parent;
    this.rt = rt;
  }
}
const EMPTY_VARS: Val[] = [];

/** A filter argument together with the frame it was written in. */
export interface Closure {
  readonly fn: Filter;
  readonly frame: Frame;
}

/** Thrown by `break $label`; caught by the matching `label`. */
export class BreakSignal {
  readonly token: object;
  constructor(token: object) {
    this.token = token;
  }
}

/** `halt` / `halt_error`: ends the program with a status. */
export class HaltSignal {
  readonly status: number;
  readonly value: Val | undefined;
  constructor(status: number, value?: Val) {
    this.status = status;
    this.value = value;
  }
}

/**
 * The path of a value that is not a path expression's result (a literal, `$x`, `map(..)`...)
 * while paths are tracked: using it further (`.a`, `.[]`, or as `path(f)`'s result) fails the
 * way jq does.
 */
export const BAD_PATH: Val[] = Object.freeze([]) as unknown as Val[];

/** Extends a tracked path by one key (null stays null; a bad path fails). */
export function extendPath(p: Path, key: Val, v: Val): Path {
  if (p === null) return null;
  if (p === BAD_PATH) {
    throw new JqError(`Invalid path expression near attempt to access element ${trunc(dumpHead(key))} of ${trunc(dumpHead(v))}`);
  }
  charge(SLOT * (p.length + 1));
  const q = p.slice();
  q.push(key);
  return q;
}

/** Fails for a bad path before iterating `v`. */
export function checkIterPath(p: Path, v: Val): void {
  if (p === BAD_PATH) throw new JqError(`Invalid path expression near attempt to iterate through ${trunc(dumpHead(v))}`);
}

/** A path result of `path(f)`: fails for a bad path. */
export function resultPath(p: Path, v: Val): Val[] {
  if (p === BAD_PATH || p === null) throw invalidPath(v);
  return p;
}

/** The error for a non-path expression used where a path is required. */
export function invalidPath(v: Val): JqError {
  return new JqError(`Invalid path expression with result ${trunc(dumpHead(v), 30)}`);
}

/** A native builtin: gets its argument filters uncompiled-into-closures for speed. */
export type NativeFn = (input: Val, path: Path, frame: Frame, emit: Emit, args: readonly Filter[]) => boolean;

/** A native builtin's definition. */
export interface Native {
  readonly name: string;
  readonly arity: number;
  readonly fn: NativeFn;
  /** True when it emits exactly one output per combination of its arguments' outputs (v0, vN). */
  readonly single?: boolean;
}

/** Runs `f` on `input` and collects its outputs (value mode). */
export function collect(f: Filter, input: Val, frame: Frame): Val[] {
  const out: Val[] = [];
  f(input, null, frame, (v) => {
    out.push(v);
    return false;
  });
  return out;
}

/** Runs `f` on `input` and calls `each` for every output value (value mode); stops when `each` returns true. */
export function each(f: Filter, input: Val, frame: Frame, fn: (v: Val) => boolean | undefined | void): boolean {
  let stopped = false;
  f(input, null, frame, (v) => {
    if (fn(v) === true) {
      stopped = true;
      return true;
    }
    return false;
  });
  return stopped;
}

/** The first output of `f`, or undefined. */
export function first(f: Filter, input: Val, frame: Frame): Val | undefined {
  let r: Val | undefined;
  f(input, null, frame, (v) => {
    r = v;
    return true;
  });
  return r;
}
