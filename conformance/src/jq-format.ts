/**
 * Parser of jq's own test format (`tests/*.test` in the jq repository): blank-line separated
 * groups; `#` lines are comments. A group is a program line, an input line and the expected
 * output lines (one JSON value per line). A group starting with `%%FAIL` (or `%%FAIL IGNORE
 * MSG`) is a program that must fail to compile, followed by the expected error message lines.
 */

/** One jq test. */
export interface JqCase {
  /** A readable unique name: `line N: PROGRAM` (truncated). */
  readonly name: string;
  /** 1-based line of the program. */
  readonly line: number;
  readonly program: string;
  /** The input text (one JSON text); absent for `%%FAIL` tests. */
  readonly input?: string;
  /** Expected output lines (JSON texts), or the expected error lines for `%%FAIL`. */
  readonly expected: readonly string[];
  /** A `%%FAIL` test: the program must be rejected. */
  readonly fail: boolean;
  /** `%%FAIL IGNORE MSG`: only the failure counts, not its message. */
  readonly ignoreMessage: boolean;
}

/** Parses a `.test` file into its cases. */
export function parseJqTests(text: string): JqCase[] {
  const lines = text.split("\n");
  const out: JqCase[] = [];
  const names = new Map<string, number>();
  let i = 0;
  const isSkippable = (l: string) => l.trim() === "" || l.startsWith("#");
  while (i < lines.length) {
    while (i < lines.length && isSkippable(lines[i]!)) i++;
    if (i >= lines.length) break;
    let fail = false;
    let ignoreMessage = false;
    if (lines[i]!.startsWith("%%FAIL")) {
      fail = true;
      ignoreMessage = /IGNORE MSG/.test(lines[i]!);
      i++;
    }
    const line = i + 1;
    const program = lines[i++] ?? "";
    let input: string | undefined;
    if (!fail) input = lines[i++] ?? "";
    const expected: string[] = [];
    // Expected lines run to the next blank line (comment lines inside a group are skipped).
    while (i < lines.length && lines[i]!.trim() !== "") {
      if (!lines[i]!.startsWith("#")) expected.push(lines[i]!);
      i++;
    }
    let name = `line ${line}: ${program.length > 60 ? `${program.slice(0, 57)}...` : program}`;
    const n = (names.get(name) ?? 0) + 1;
    names.set(name, n);
    if (n > 1) name = `${name} (${n})`;
    out.push({ name: name.replace(/\t/g, " "), line, program, input, expected, fail, ignoreMessage });
  }
  return out;
}

/** Deep equality of two JSON values (object key order ignored), as jq's test harness compares them. */
export function jsonEqual(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== typeof b || a === null || b === null || typeof a !== "object") return false;
  if (Array.isArray(a)) {
    if (!Array.isArray(b) || a.length !== b.length) return false;
    for (let k = 0; k < a.length; k++) if (!jsonEqual(a[k], b[k])) return false;
    return true;
  }
  if (Array.isArray(b)) return false;
  const ka = Object.keys(a as object);
  const kb = Object.keys(b as object);
  if (ka.length !== kb.length) return false;
  for (const k of ka) {
    if (!Object.hasOwn(b as object, k)) return false;
    if (!jsonEqual((a as Record<string, unknown>)[k], (b as Record<string, unknown>)[k])) return false;
  }
  return true;
}

function parseJsonLine(s: string): { ok: true; value: unknown } | { ok: false } {
  try {
    return { ok: true, value: JSON.parse(s) };
  } catch {
    return { ok: false };
  }
}

/**
 * Compares actual output lines with expected ones: equal when every line is textually equal,
 * or equal as JSON values (so `1.0` and `1`, or key order, do not matter).
 */
export function jqOutputsMatch(actual: readonly string[], expected: readonly string[]): boolean {
  if (actual.length !== expected.length) return false;
  for (let k = 0; k < actual.length; k++) {
    if (actual[k] === expected[k]) continue;
    const a = parseJsonLine(actual[k]!);
    const e = parseJsonLine(expected[k]!);
    if (!a.ok || !e.ok || !jsonEqual(a.value, e.value)) return false;
  }
  return true;
}
