/**
 * Parser of the Oils spec-test case format (`spec/*.test.sh`):
 *
 * ```
 * ## compare_shells: bash dash      <- file header (before the first case): free metadata
 * #### case name                    <- a case starts
 * echo hi                           <- its script, up to the first `## key` line
 * ## stdout: hi                     <- one line (a newline is appended)
 * ## STDOUT:                        <- a block, up to `## END` or the next `## key:` line (lines end in a newline)
 * ## stdout-json: "hi\n"            <- a JSON string
 * ## status: 1
 * ## OK bash STDOUT: ... ## END     <- a per-shell variant (OK, BUG, N-I; `OK-2`...); shells are `/`-separated
 * ## code: echo hi                  <- a one-line script given as metadata
 * ```
 * The same keys exist for stderr (`stderr`, `STDERR`, `stderr-json`). Any other `## key: value`
 * line (tags, oils_failures_allowed, our own `oracle: recorded`) is kept in `meta`.
 */

/** One expected result: only the fields the file specifies are set. */
export interface Expectation {
  readonly stdout?: string;
  readonly stderr?: string;
  readonly status?: number;
}

/** How a per-shell expectation qualifies the default: Oils' three annotations. */
export type Qualifier = "OK" | "BUG" | "N-I";

/** A per-shell override of the default expectation (`## OK bash/mksh status: 1`). */
export interface Variant {
  readonly qualifier: Qualifier;
  readonly shells: readonly string[];
  readonly expectation: Expectation;
}

/** One case of a spec file. */
export interface SpecCase {
  /** The text after `#### ` (unique within its file: duplicates get ` (2)`, ` (3)`...). */
  readonly name: string;
  /** 1-based line of the `####` line. */
  readonly line: number;
  /** The script (ends with a newline unless empty). */
  readonly script: string;
  /** Expectations that apply to every shell without a variant. */
  readonly expected: Expectation;
  readonly variants: readonly Variant[];
  /** Other `## key: value` lines of the case (`tags`, `oracle`...), null-prototype. */
  readonly meta: Readonly<Record<string, string>>;
}

/** A parsed spec file. */
export interface SpecFile {
  /** `## key: value` lines before the first case, null-prototype. */
  readonly meta: Readonly<Record<string, string>>;
  readonly cases: readonly SpecCase[];
}

/** A syntax error in a case file, with its line. */
export class SpecFormatError extends Error {
  constructor(
    message: string,
    readonly line: number,
  ) {
    super(`line ${line}: ${message}`);
    this.name = "SpecFormatError";
  }
}

const KEY_LINE = /^## (?:(OK|BUG|N-I)(?:-\d+)? (\S+) )?([A-Za-z_][\w-]*):(?: (.*))?$/;
const RESULT_KEYS = new Set(["stdout", "STDOUT", "stdout-json", "stderr", "STDERR", "stderr-json", "status"]);

interface MutableExpectation {
  stdout?: string;
  stderr?: string;
  status?: number;
}

function setResult(target: MutableExpectation, key: string, value: string, line: number): void {
  switch (key) {
    case "stdout":
    case "stderr":
      target[key] = `${value}\n`;
      return;
    case "stdout-json":
    case "stderr-json": {
      let v: unknown;
      try {
        v = JSON.parse(value);
      } catch {
        throw new SpecFormatError(`${key}: not a JSON string: ${value}`, line);
      }
      if (typeof v !== "string") throw new SpecFormatError(`${key}: not a JSON string: ${value}`, line);
      target[key === "stdout-json" ? "stdout" : "stderr"] = v;
      return;
    }
    case "status": {
      const n = Number(value.trim());
      if (!Number.isInteger(n)) throw new SpecFormatError(`status: not an integer: ${value}`, line);
      target.status = n;
      return;
    }
  }
}

/** Parses the text of a spec file. Throws `SpecFormatError` on a bad value (a status that is not a number...). */
export function parseSpecFile(text: string): SpecFile {
  const lines = text.split("\n");
  if (lines.length > 0 && lines[lines.length - 1] === "") lines.pop();
  const fileMeta: Record<string, string> = Object.create(null);
  const cases: SpecCase[] = [];
  const seen = new Map<string, number>();
  let i = 0;
  // File header.
  while (i < lines.length && !lines[i]!.startsWith("#### ")) {
    const m = KEY_LINE.exec(lines[i]!);
    if (m && !m[1]) fileMeta[m[3]!] = m[4] ?? "";
    i++;
  }
  while (i < lines.length) {
    const header = lines[i]!;
    const caseLine = i + 1;
    let name = header.slice(5).trim();
    const dup = (seen.get(name) ?? 0) + 1;
    seen.set(name, dup);
    if (dup > 1) name = `${name} (${dup})`;
    i++;
    const code: string[] = [];
    while (i < lines.length && !lines[i]!.startsWith("#### ") && !KEY_LINE.test(lines[i]!)) code.push(lines[i++]!);
    const expected: MutableExpectation = {};
    const variants: Variant[] = [];
    const meta: Record<string, string> = Object.create(null);
    let script: string | undefined;
    while (i < lines.length && !lines[i]!.startsWith("#### ")) {
      const line = lines[i]!;
      const lineNo = i + 1;
      i++;
      const m = KEY_LINE.exec(line);
      if (!m) continue; // comments and blank lines between metadata
      const [, qualifier, shells, key, rawValue] = m as unknown as [string, string | undefined, string | undefined, string, string | undefined];
      let target: MutableExpectation = expected;
      if (qualifier) {
        const shellList = shells!.split("/").filter(Boolean);
        const last = variants[variants.length - 1];
        // Consecutive lines with the same qualifier and shells build one variant.
        if (last && last.qualifier === qualifier && last.shells.join("/") === shellList.join("/")) {
          target = last.expectation as MutableExpectation;
        } else {
          target = {};
          variants.push({ qualifier: qualifier as Qualifier, shells: shellList, expectation: target });
        }
      }
      if (key === "STDOUT" || key === "STDERR") {
        // As in Oils' sh_spec.py, a block ends at `## END` (consumed) or at the next `## key:` or `####` line.
        const block: string[] = [];
        while (i < lines.length && !lines[i]!.startsWith("## END") && !lines[i]!.startsWith("#### ") && !KEY_LINE.test(lines[i]!)) {
          block.push(lines[i++]!);
        }
        if (i < lines.length && lines[i]!.startsWith("## END")) i++;
        const text = block.length === 0 ? "" : `${block.join("\n")}\n`;
        target[key === "STDOUT" ? "stdout" : "stderr"] = text;
      } else if (key === "END") {
        // a stray `## END:` closes nothing
      } else if (RESULT_KEYS.has(key)) {
        setResult(target, key, rawValue ?? "", lineNo);
      } else if (key === "code" && !qualifier) {
        script = `${rawValue ?? ""}\n`;
      } else if (!qualifier) {
        meta[key] = rawValue ?? "";
      }
    }
    while (code.length > 0 && code[code.length - 1]!.trim() === "") code.pop();
    if (script === undefined) script = code.length === 0 ? "" : `${code.join("\n")}\n`;
    cases.push({ name, line: caseLine, script, expected, variants, meta });
  }
  return { meta: fileMeta, cases };
}

/** What the file says `shell` should produce: the first variant naming it, field by field over the default. */
export function expectationFor(c: SpecCase, shell = "bash"): Expectation & { readonly qualifier?: Qualifier } {
  const v = c.variants.find((x) => x.shells.includes(shell));
  if (!v) return { status: 0, ...c.expected };
  return { status: 0, ...c.expected, ...v.expectation, qualifier: v.qualifier };
}

/**
 * True when the case must be judged against the file's expectations instead of live bash:
 * a `## oracle: recorded` line in the case or in the file header.
 */
export function wantsRecordedOracle(file: SpecFile, c: SpecCase): boolean {
  return (c.meta.oracle ?? file.meta.oracle)?.trim() === "recorded";
}
