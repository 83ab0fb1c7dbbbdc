/**
 * Arithmetic whose text has expansions only inside array subscripts, as in
 * `s=$(( s + m[$k] ))`. bash expands the text and then parses it; doing that per evaluation
 * parses a new text for every key of a loop. A subscript is raw text up to its balanced `]`,
 * so the text with a marker (`\0N\0`) in place of each expansion parses to the same tree as
 * the expanded text whenever the markers all lie inside subscripts (a marker anywhere else is
 * a syntax error: NUL is no operator) and no value holds a bracket. That tree is parsed once
 * per node and evaluated with the values filled into its subscripts (arith.ts `fillHoles`);
 * any other case takes the text path.
 */
import { parseArithmetic, wordParts } from "@husk/syntax";
import type { ArithExpr, Arithmetic, ParamExp } from "@husk/syntax";
import type { ArithSource } from "./arith.js";
import type { Int } from "./int64.js";
import type { Interp } from "./interp.js";
import { isPlainParam } from "./expand.js";

/** A parsed template: the tree, the literal text around the holes, and the holes' names. */
interface Template {
  readonly expr: ArithExpr;
  /** `lits[i]` precedes hole `i`; the last one follows the last hole. */
  readonly lits: readonly string[];
  readonly names: readonly string[];
  /** The template offset of each hole's marker, and the marker's length. */
  readonly at: readonly number[];
  readonly markerLength: readonly number[];
}

const templates = new WeakMap<Arithmetic, Template | null>();

/** The template of `a` (null when it has none: see the module comment). */
function templateOf(a: Arithmetic): Template | null {
  let t = templates.get(a);
  if (t === undefined) {
    t = makeTemplate(a);
    templates.set(a, t);
  }
  return t;
}

function makeTemplate(a: Arithmetic): Template | null {
  const lits: string[] = [];
  const names: string[] = [];
  const at: number[] = [];
  const markerLength: number[] = [];
  let lit = "";
  let text = "";
  for (const p of wordParts(a.source)) {
    if (p.type === "Literal") {
      lit += p.value;
      text += p.value;
    } else if (p.type === "ParamExp" && isPlainParam(p as ParamExp)) {
      const marker = `\0${names.length}\0`;
      lits.push(lit);
      lit = "";
      names.push((p as ParamExp).name);
      at.push(text.length);
      markerLength.push(marker.length);
      text += marker;
    } else return null;
  }
  lits.push(lit);
  if (names.length === 0) return null;
  let expr: ArithExpr;
  try {
    expr = parseArithmetic(text);
  } catch {
    return null;
  }
  return markersInSubscripts(expr) === names.length ? { expr, lits, names, at, markerLength } : null;
}

/** How many markers the subscripts of `e` hold. */
function markersInSubscripts(e: ArithExpr): number {
  switch (e.type) {
    case "ArithNumber":
      return 0;
    case "ArithVar":
      return e.index === undefined ? 0 : e.index.split("\0").length >> 1;
    case "ArithGroup":
      return markersInSubscripts(e.expr);
    case "ArithUnary":
    case "ArithPostfix":
      return markersInSubscripts(e.operand);
    case "ArithAssign":
      return markersInSubscripts(e.target) + markersInSubscripts(e.value);
    case "ArithTernary":
      return markersInSubscripts(e.test) + markersInSubscripts(e.consequent) + markersInSubscripts(e.alternate);
    case "ArithBinary":
      return markersInSubscripts(e.left) + markersInSubscripts(e.right);
  }
}

/** The error context of one evaluation: the expanded text (built only for an error message), and template offsets mapped into it. */
class Filled implements ArithSource {
  readonly base = 0;
  constructor(
    readonly holes: readonly string[],
    readonly t: Template,
  ) {}
  get text(): string {
    const t = this.t;
    let text = t.lits[0]!;
    for (let i = 0; i < this.holes.length; i++) text += this.holes[i]! + t.lits[i + 1]!;
    return text;
  }
  offsetOf(at: number): number {
    let off = at;
    for (let i = 0; i < this.t.at.length && this.t.at[i]! < at; i++) off += this.holes[i]!.length - this.t.markerLength[i]!;
    return off;
  }
}

/**
 * Evaluates `a` (which has expansions) through its template; undefined when it has none or
 * a value does not fit (unset, or holding a bracket): the caller takes the text path then.
 * Arithmetic errors are thrown as ArithError, as the text path does.
 */
export function evalTemplate(ip: Interp, a: Arithmetic): Int | undefined {
  const t = templateOf(a);
  if (t === null) return undefined;
  const n = t.names.length;
  const holes: string[] = new Array(n);
  for (let i = 0; i < n; i++) {
    const v = ip.getScalar(t.names[i]!);
    if (v === undefined || v.includes("[") || v.includes("]")) return undefined;
    holes[i] = v;
  }
  return ip.arith.evaluateIn(t.expr, new Filled(holes, t));
}
