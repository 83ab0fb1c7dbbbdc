/**
 * Pathname expansion against the shell's FileSystem: one directory level per pattern segment,
 * hidden files only for a leading literal dot (or dotglob), `**` with globstar, sorted results.
 */
import { resolvePath } from "@husk/host";
import type { Interp } from "./interp.js";
import { compilePattern, hasGlob, unescapePattern } from "./pattern.js";

/** Expands an escaped-form pattern to the sorted matching paths (empty when none match). */
export async function globExpand(ip: Interp, pat: string): Promise<string[]> {
  const fs = ip.rt.fs;
  const absolute = pat.startsWith("/");
  const segs = splitSegments(pat);
  const opts = { extglob: ip.st.opt("extglob"), nocase: ip.st.opt("nocaseglob"), pathname: true, dotglob: ip.st.opt("dotglob") };
  const ignore = ip.getScalar("GLOBIGNORE");
  const dotglob = ip.st.opt("dotglob");
  const globstar = ip.st.opt("globstar");
  // each candidate: [display prefix, absolute dir]
  let cands: [string, string][] = [[absolute ? "/" : "", absolute ? "/" : ip.st.cwd]];
  for (let si = 0; si < segs.length; si++) {
    const seg = segs[si]!;
    if (seg === "") continue;
    const last = si === segs.length - 1;
    const next: [string, string][] = [];
    if (!hasGlob(seg, opts.extglob)) {
      const lit = unescapePattern(seg);
      for (const [disp, dir] of cands) {
        const abs = resolvePath(dir, lit);
        if (last ? await fs.exists(abs) : await isDir(ip, abs)) next.push([join(disp, lit), abs]);
      }
      cands = next;
      continue;
    }
    if (globstar && seg === "**") {
      for (const [disp, dir] of cands) {
        if (!last) next.push([disp, dir]);
        await walk(ip, disp, dir, dotglob, next, last);
      }
      cands = next;
      continue;
    }
    const re = compilePattern(seg, opts);
    const dotOk = dotglob || seg.startsWith(".") || seg.startsWith("\\.");
    // without globskipdots, a pattern starting with a dot matches `.` and `..` too
    const dots = !ip.st.opt("globskipdots") && (seg.startsWith(".") || seg.startsWith("\\."));
    for (const [disp, dir] of cands) {
      let names: string[];
      try {
        names = await fs.readdir(dir);
      } catch {
        continue;
      }
      if (dots) names = [".", "..", ...names];
      for (const n of names) {
        ip.rt.meter.tick();
        if (n.startsWith(".") && !dotOk) continue;
        if ((n === "." || n === "..") && !seg.startsWith(".")) continue;
        if (!re.matches(n)) continue;
        const abs = resolvePath(dir, n);
        if (!last && !(await isDir(ip, abs))) continue;
        next.push([join(disp, n), abs]);
      }
    }
    cands = next;
  }
  const trailingSlash = pat.endsWith("/") && pat.length > 1;
  let out = cands.map(([d]) => (trailingSlash ? `${d}/` : d)).filter((d) => d !== "");
  if (ignore !== undefined && ignore !== "") out = applyGlobIgnore(out, ignore, opts);
  // several `**` reach the same path along different routes; bash lists it once
  if (globstar && out.length > 1 && segs.filter((x) => x === "**").length > 1) out = [...new Set(out)];
  return out.sort(compareC);
}

/**
 * GLOBIGNORE: drops the paths matching any of its colon-separated patterns (matched against the
 * whole path, `*` not crossing `/`), and `.` and `..` as the last component.
 */
function applyGlobIgnore(paths: string[], ignore: string, opts: { extglob: boolean; nocase: boolean }): string[] {
  const pats = splitIgnore(ignore)
    .map((p) => compilePattern(p, { ...opts, pathname: true, dotglob: true }));
  if (pats.length === 0) return paths;
  return paths.filter((p) => {
    const base = p.slice(p.lastIndexOf("/", p.length - 2) + 1);
    if (base === "." || base === ".." || base === "./" || base === "../") return false;
    return !pats.some((re) => re.matches(p));
  });
}

/** Splits GLOBIGNORE at colons outside bracket expressions (`[[:alnum:]]*` is one pattern). */
function splitIgnore(s: string): string[] {
  const out: string[] = [];
  let start = 0;
  for (let i = 0; i < s.length; i++) {
    const c = s[i];
    if (c === "\\") i++;
    else if (c === "[") {
      const close = bracketEnd(s, i);
      if (close > 0) i = close;
    } else if (c === ":") {
      if (i > start) out.push(s.slice(start, i));
      start = i + 1;
    }
  }
  if (start < s.length) out.push(s.slice(start));
  return out;
}

/** Index of the `]` closing the bracket expression opening at `open`, or -1. */
function bracketEnd(s: string, open: number): number {
  let i = open + 1;
  if (s[i] === "!" || s[i] === "^") i++;
  if (s[i] === "]") i++;
  for (; i < s.length; i++) {
    const c = s[i];
    if (c === "\\") i++;
    else if (c === "[" && (s[i + 1] === ":" || s[i + 1] === "." || s[i + 1] === "=")) {
      const end = s.indexOf(`${s[i + 1]}]`, i + 2);
      if (end < 0) return -1;
      i = end + 1;
    } else if (c === "]") return i;
  }
  return -1;
}

async function walk(ip: Interp, disp: string, dir: string, dotglob: boolean, out: [string, string][], last: boolean): Promise<void> {
  let names: string[];
  try {
    names = await ip.rt.fs.readdir(dir);
  } catch {
    return;
  }
  for (const n of names) {
    ip.rt.meter.tick();
    if (n.startsWith(".") && !dotglob) continue;
    const abs = resolvePath(dir, n);
    const d = join(disp, n);
    const isD = await isDir(ip, abs);
    if (last || isD) out.push([d, abs]);
    if (isD) await walk(ip, d, abs, dotglob, out, last);
  }
}

async function isDir(ip: Interp, path: string): Promise<boolean> {
  try {
    return (await ip.rt.fs.stat(path)).type === "directory";
  } catch {
    return false;
  }
}

function join(disp: string, name: string): string {
  if (disp === "") return name;
  return disp.endsWith("/") ? disp + name : `${disp}/${name}`;
}

function splitSegments(pat: string): string[] {
  const segs: string[] = [];
  let cur = "";
  let depth = 0;
  for (let i = 0; i < pat.length; i++) {
    const c = pat[i]!;
    if (c === "\\" && i + 1 < pat.length) {
      cur += c + pat[++i];
      continue;
    }
    if (c === "(") depth++;
    else if (c === ")") depth--;
    if (c === "/" && depth <= 0) {
      segs.push(cur);
      cur = "";
    } else cur += c;
  }
  segs.push(cur);
  return segs;
}

/** Byte-order comparison (the C locale's collation). */
export function compareC(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
