/** Quotes a word for bash so that it expands to exactly itself. */
export function shellQuote(s: string): string {
  if (s !== "" && /^[A-Za-z0-9_@%+=:,./-]+$/.test(s)) return s;
  return `'${s.replaceAll("'", "'\\''")}'`;
}
