/** Quotes a word for bash so that it expands to exactly itself. */
export function shellQuote(s: string): string {
  if (s !== "" && /^[A-Za-z0-9_@%+=:,./-]+$/.test(s)) return s;
  return `'${s.replaceAll("'", "'\\''")}'`;
}

/**
 * A file name as GNU coreutils quotes it in diagnostics (quotef, the shell-escape style):
 * unchanged when nothing in it is special to the shell, else in single quotes (double quotes
 * when it holds a single quote and nothing a double-quoted word would expand), with control
 * characters as `$'\t'`-style pieces. `''` for the empty name.
 */
export function quoteFileName(s: string): string {
  if (s !== "" && !/[\t\n !"$&'()*:;<=>?[\\\]^`|\x00-\x1f\x7f]/.test(s) && !/^[#~]/.test(s)) return s;
  if (/[\x00-\x1f\x7f]/.test(s)) {
    return `'${s.replace(/'/g, "'\\''").replace(/[\x00-\x1f\x7f]+/g, (m) => `'$'${[...m].map(ctrlEscape).join("")}''`)}'`;
  }
  if (s.includes("'") && !/[$`\\"!]/.test(s)) return `"${s}"`;
  return `'${s.replaceAll("'", "'\\''")}'`;
}

function ctrlEscape(c: string): string {
  const named: Record<string, string> = { "\t": "\\t", "\n": "\\n", "\r": "\\r", "\x07": "\\a", "\b": "\\b", "\f": "\\f", "\v": "\\v" };
  return named[c] ?? `\\${c.charCodeAt(0).toString(8).padStart(3, "0")}`;
}
