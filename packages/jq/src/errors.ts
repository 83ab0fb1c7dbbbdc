/** jq-shaped error messages. */
import type { JqCompileError } from "./parser.js";
import { dumpCompact, dumpHead } from "./dump.js";
import { trunc } from "./ops.js";
import type { Val } from "./value.js";
import { DecLit } from "./value.js";

/** `jq: error: MSG at ${e.file ?? "<top-level>"}, line L, column C:` plus the source line and a caret line. */
export function formatCompileError(text: string, e: JqCompileError): string {
  if (e.offset < 0) return `${e.message.startsWith("jq: ") ? e.message : `jq: error: ${e.message}`}\n`;
  const program = e.source ?? text;
  const before = program.slice(0, e.offset);
  const line = before.split("\n").length;
  const lineStart = before.lastIndexOf("\n") + 1;
  const col = e.offset - lineStart;
  let lineEnd = program.indexOf("\n", lineStart);
  if (lineEnd < 0) lineEnd = program.length;
  const src = program.slice(lineStart, lineEnd);
  const caret = `${" ".repeat(col)}${"^".repeat(Math.max(1, Math.min(e.length, src.length - col)))}`;
  return `jq: error: ${e.message} at ${e.file ?? "<top-level>"}, line ${line}, column ${col + 1}:\n    ${src}\n    ${caret}`;
}

/** The text jq prints for an uncaught runtime error value (without the `jq: error (at ...)` prefix). */
export function runtimeErrorText(v: Val): string {
  if (typeof v === "string") return v;
  if (v !== null && typeof v === "object" && !(v instanceof DecLit)) return `${trunc(dumpHead(v), 11)} (not a string)`;
  return `${dumpCompact(v)} (not a string)`;
}
