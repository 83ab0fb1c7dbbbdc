/**
 * Parses a chmod MODE: octal (`755`) or symbolic (`u+x`, `go-w`, `a=r,u+w`, `+x`, `u=g`),
 * applied to `current`. `isDir` makes `X` apply. Returns undefined when invalid.
 */
export function parseMode(text: string, current: number, isDir = false, umask = 0o022): number | undefined {
  if (/^[0-7]{1,4}$/.test(text)) return parseInt(text, 8);
  let mode = current & 0o7777;
  for (const clause of text.split(",")) {
    const m = /^([ugoa]*)((?:[-+=][rwxXstugo]*)+)$/.exec(clause);
    if (!m) return undefined;
    const who = m[1] || "";
    let mask = 0;
    for (const w of who || "a") mask |= w === "u" ? 0o4700 : w === "g" ? 0o2070 : w === "o" ? 0o1007 : 0o7777;
    for (const act of (m[2] as string).match(/[-+=][rwxXstugo]*/g) ?? []) {
      const op = act[0];
      let bits = 0;
      for (const p of act.slice(1)) {
        if (p === "r") bits |= 0o444;
        else if (p === "w") bits |= 0o222;
        else if (p === "x") bits |= 0o111;
        else if (p === "X") bits |= isDir || mode & 0o111 ? 0o111 : 0;
        else if (p === "s") bits |= 0o6000;
        else if (p === "t") bits |= 0o1000;
        else {
          const src = p === "u" ? (mode >> 6) & 7 : p === "g" ? (mode >> 3) & 7 : mode & 7;
          bits |= (src << 6) | (src << 3) | src;
        }
      }
      let eff = bits & mask;
      if (!who) eff &= ~umask | 0o7000;
      if (op === "+") mode |= eff;
      else if (op === "-") mode &= ~eff;
      else mode = (mode & ~(mask & 0o7777)) | eff;
    }
  }
  return mode;
}
