import { type FileStat, HuskError } from "@husk/host";
import { compileGlob, compileRegex } from "@husk/pattern";

/** What a find predicate sees of the current entry. */
export interface FindEntry {
  /** Path as printed (starting point + relative part). */
  readonly path: string;
  /** Absolute path in the filesystem. */
  readonly abs: string;
  readonly name: string;
  readonly depth: number;
  readonly st: FileStat;
  /** Starting point this entry was reached from. */
  readonly start: string;
}

/** Runtime services predicates need (filesystem, clock, command execution, output). */
export interface FindRuntime {
  now: number;
  isEmptyDir(abs: string): Promise<boolean>;
  statOf(path: string): Promise<FileStat | undefined>;
  readlink(abs: string): Promise<string>;
  exec(argv: string[]): Promise<number>;
  batch(node: ExecNode, path: string): void;
  print(text: string): void | Promise<void>;
  remove(e: FindEntry): Promise<boolean>;
  userName: string;
}

/** Evaluation result flags shared across one entry. */
export interface EvalState {
  prune: boolean;
  quit: boolean;
}

/** A compiled find expression node. */
export type Node =
  | { readonly k: "and" | "or"; readonly a: Node; readonly b: Node }
  | { readonly k: "not"; readonly a: Node }
  | { readonly k: "test"; readonly fn: (e: FindEntry, rt: FindRuntime) => boolean | Promise<boolean> }
  | { readonly k: "action"; readonly fn: (e: FindEntry, rt: FindRuntime, st: EvalState) => boolean | Promise<boolean> }
  | ExecNode;

/** `-exec ... ;` or `-exec ... +`. */
export interface ExecNode {
  readonly k: "exec";
  readonly argv: readonly string[];
  readonly batch: boolean;
}

/** Global options and facts gathered while parsing. */
export interface FindPlan {
  readonly root: Node;
  readonly maxDepth: number;
  readonly minDepth: number;
  readonly depthFirst: boolean;
  readonly follow: boolean;
}

function fail(msg: string): never {
  throw new HuskError(msg, 1);
}

function compare(spec: string, pred: string): (v: number) => boolean {
  const m = /^([+-]?)(\d+)$/.exec(spec);
  if (!m) fail(`invalid argument \`${spec}' to \`${pred}'`);
  const n = Number(m[2]);
  return m[1] === "+" ? (v) => v > n : m[1] === "-" ? (v) => v < n : (v) => v === n;
}

const TYPE_LETTER: Record<string, string> = { file: "f", directory: "d", symlink: "l" };

/** Formats one `-printf` directive set for an entry. */
async function printf(fmt: string, e: FindEntry, rt: FindRuntime): Promise<string> {
  let out = "";
  for (let i = 0; i < fmt.length; i++) {
    const c = fmt[i] as string;
    if (c === "\\") {
      const n = fmt[++i];
      out += n === "n" ? "\n" : n === "t" ? "\t" : n === "0" ? "\0" : n === "\\" ? "\\" : `\\${n ?? ""}`;
      continue;
    }
    if (c !== "%") {
      out += c;
      continue;
    }
    const m = /^(-?)(\d*)([a-zA-Z%@])/.exec(fmt.slice(i + 1));
    if (!m) {
      out += "%";
      continue;
    }
    i += m[0].length;
    const rel = e.path === e.start ? "" : e.path.slice(e.start.endsWith("/") ? e.start.length : e.start.length + 1);
    let v: string;
    switch (m[3]) {
      case "p": v = e.path; break;
      case "f": v = e.depth === 0 ? e.path.replace(/\/+$/, "").split("/").pop() || "/" : e.name; break;
      case "h": { const j = e.path.lastIndexOf("/"); v = j < 0 ? "." : j === 0 ? "/" : e.path.slice(0, j); break; }
      case "P": v = rel; break;
      case "H": v = e.start; break;
      case "s": v = String(e.st.size); break;
      case "d": v = String(e.depth); break;
      case "m": v = e.st.mode.toString(8); break;
      case "y": v = TYPE_LETTER[e.st.type] ?? "?"; break;
      case "l": v = e.st.type === "symlink" ? await rt.readlink(e.abs) : ""; break;
      case "i": v = String(e.st.ino); break;
      case "n": v = String(e.st.nlink); break;
      case "u": case "g": v = rt.userName; break;
      case "k": v = String(e.st.type === "directory" ? 4 : e.st.type === "symlink" ? 0 : Math.ceil(e.st.size / 4096) * 4); break;
      case "T": case "t": case "A": case "C": {
        if (m[3] !== "t" && fmt[i + 1] === "@") i++;
        v = String(e.st.mtimeMs / 1000);
        break;
      }
      case "%": v = "%"; break;
      default: v = `%${m[3]}`;
    }
    if (m[2]) v = m[1] ? v.padEnd(Number(m[2])) : v.padStart(Number(m[2]));
    out += v;
  }
  return out;
}

/**
 * Parses a find expression (after the starting points) into a plan. Supports tests -name
 * -iname -path -ipath -wholename -regex -iregex -type -size -mtime -mmin -newer -empty -perm
 * -links -user -group -true -false -executable -readable -writable, actions -print -print0
 * -printf -exec/-execdir (`;` and `+`) -delete -prune -quit, operators `! -not -a -and -o
 * -or ( ) ,`, and global options -maxdepth -mindepth -depth -follow -xdev -noleaf.
 */
export function parseFind(tokens: readonly string[], statOf: (p: string) => Promise<FileStat | undefined>): { plan: FindPlan; newerRefs: Map<string, string> } {
  let pos = 0;
  let maxDepth = Infinity;
  let minDepth = 0;
  let depthFirst = false;
  let follow = false;
  let hasAction = false;
  const newerRefs = new Map<string, string>();
  const newerTimes = new Map<string, number>();
  const arg = (pred: string): string => {
    if (pos >= tokens.length) fail(`missing argument to \`${pred}'`);
    return tokens[pos++] as string;
  };
  const test = (fn: (e: FindEntry, rt: FindRuntime) => boolean | Promise<boolean>): Node => ({ k: "test", fn });
  const TRUE = test(() => true);
  const primary = (): Node => {
    const t = tokens[pos++] as string;
    switch (t) {
      case "(": {
        const e = orExpr();
        if (tokens[pos] !== ")") fail("invalid expression; I was expecting to find a ')' somewhere but did not see one.");
        pos++;
        return e;
      }
      case "-name":
      case "-iname": {
        const g = compileGlob(arg(t), { nocase: t === "-iname" });
        return test((e) => g.matches(e.depth === 0 ? e.path.replace(/(.)\/+$/, "$1").split("/").pop() || "/" : e.name));
      }
      case "-path":
      case "-wholename":
      case "-ipath":
      case "-iwholename": {
        const g = compileGlob(arg(t), { nocase: t.startsWith("-i") });
        return test((e) => g.matches(e.path));
      }
      case "-regex":
      case "-iregex": {
        const src = arg(t);
        const rx = compileRegex(src, { flavor: "ere", ignoreCase: t === "-iregex", lineMatch: true });
        return test((e) => rx.test(e.path));
      }
      case "-type": {
        const v = arg(t);
        const set = v.split(",");
        for (const c of set) if (!/^[fdlbcpsD]$/.test(c)) fail(`Unknown argument to -type: ${c}`);
        return test((e) => set.includes(TYPE_LETTER[e.st.type] ?? ""));
      }
      case "-size": {
        const v = arg(t);
        const m = /^([+-]?)(\d+)([cwbkMG]?)$/.exec(v);
        if (!m) fail(`invalid -size type \`${v}'`);
        const unit = { c: 1, w: 2, b: 512, k: 1024, M: 1048576, G: 1073741824, "": 512 }[m[3] as "c"];
        const cmp = compare(`${m[1]}${m[2]}`, t);
        return test((e) => cmp(Math.ceil(e.st.size / unit)));
      }
      case "-mtime":
      case "-mmin": {
        const cmp = compare(arg(t), t);
        const unit = t === "-mtime" ? 86_400_000 : 60_000;
        return test((e, rt) => cmp(Math.floor((rt.now - e.st.mtimeMs) / unit)));
      }
      case "-newer": {
        const ref = arg(t);
        newerRefs.set(ref, ref);
        return test(async (e, rt) => {
          let time = newerTimes.get(ref);
          if (time === undefined) {
            const st = await rt.statOf(ref);
            if (!st) fail(`'${ref}': No such file or directory`);
            time = st.mtimeMs;
            newerTimes.set(ref, time);
          }
          return e.st.mtimeMs > time;
        });
      }
      case "-empty":
        return test(async (e, rt) => (e.st.type === "directory" ? rt.isEmptyDir(e.abs) : e.st.type === "file" && e.st.size === 0));
      case "-perm": {
        const v = arg(t);
        const m = /^([-/]?)([0-7]{1,4})$/.exec(v);
        if (!m) fail(`invalid mode \`${v}'`);
        const bits = parseInt(m[2] as string, 8);
        return test((e) => (m[1] === "-" ? (e.st.mode & bits) === bits : m[1] === "/" ? bits === 0 || (e.st.mode & bits) !== 0 : (e.st.mode & 0o7777) === bits));
      }
      case "-links": {
        const cmp = compare(arg(t), t);
        return test((e) => cmp(e.st.nlink));
      }
      case "-user":
      case "-group": {
        const v = arg(t);
        return test((_e, rt) => v === rt.userName || v === "1000");
      }
      case "-executable": return test((e) => (e.st.mode & 0o100) !== 0);
      case "-readable": return test((e) => (e.st.mode & 0o400) !== 0);
      case "-writable": return test((e) => (e.st.mode & 0o200) !== 0);
      case "-true": return TRUE;
      case "-false": return test(() => false);
      case "-maxdepth":
      case "-mindepth": {
        const v = arg(t);
        if (!/^\d+$/.test(v)) fail(`Expected a positive decimal integer argument to ${t}, but got \`${v}'`);
        if (t === "-maxdepth") maxDepth = Number(v);
        else minDepth = Number(v);
        return TRUE;
      }
      case "-depth": depthFirst = true; return TRUE;
      case "-follow": follow = true; return TRUE;
      case "-xdev": case "-mount": case "-noleaf": case "-ignore_readdir_race": return TRUE;
      case "-print":
        hasAction = true;
        return { k: "action", fn: async (e, rt) => (await rt.print(`${e.path}\n`), true) };
      case "-print0":
        hasAction = true;
        return { k: "action", fn: async (e, rt) => (await rt.print(`${e.path}\0`), true) };
      case "-printf": {
        hasAction = true;
        const fmt = arg(t);
        return { k: "action", fn: async (e, rt) => (await rt.print(await printf(fmt, e, rt)), true) };
      }
      case "-fprint": fail("-fprint is not supported in the sandbox; use -print with a redirection");
      // falls through
      case "-ok":
      case "-okdir":
        fail(`${t} is not supported (there is no terminal to ask)`);
      // falls through
      case "-exec":
      case "-execdir": {
        hasAction = true;
        const argv: string[] = [];
        for (;;) {
          if (pos >= tokens.length) fail(`missing argument to \`${t}'`);
          const a = tokens[pos++] as string;
          if (a === ";") return { k: "exec", argv, batch: false };
          if (a === "+" && argv[argv.length - 1] === "{}") return { k: "exec", argv: argv.slice(0, -1), batch: true };
          argv.push(a);
        }
      }
      case "-delete":
        hasAction = true;
        depthFirst = true;
        return { k: "action", fn: (e, rt) => rt.remove(e) };
      case "-prune":
        return { k: "action", fn: (_e, _rt, st) => ((st.prune = true), true) };
      case "-quit":
        return { k: "action", fn: (_e, _rt, st) => ((st.quit = true), true) };
      default:
        if (t === ")" ) fail("invalid expression; you have too many ')'");
        if (t.startsWith("-")) fail(`unknown predicate \`${t}'`);
        fail(`paths must precede expression: \`${t}'`);
    }
  };
  const notExpr = (): Node => {
    if (tokens[pos] === "!" || tokens[pos] === "-not") {
      pos++;
      if (pos >= tokens.length) fail(`invalid expression; you have used a binary operator '!' with nothing before it.`);
      return { k: "not", a: notExpr() };
    }
    return primary();
  };
  const andExpr = (): Node => {
    let a = notExpr();
    while (pos < tokens.length && tokens[pos] !== "-o" && tokens[pos] !== "-or" && tokens[pos] !== ")" && tokens[pos] !== ",") {
      if (tokens[pos] === "-a" || tokens[pos] === "-and") pos++;
      a = { k: "and", a, b: notExpr() };
    }
    return a;
  };
  const orExpr = (): Node => {
    let a = andExpr();
    while (tokens[pos] === "-o" || tokens[pos] === "-or" || tokens[pos] === ",") {
      const comma = tokens[pos] === ",";
      pos++;
      const b = andExpr();
      a = comma ? { k: "and", a: { k: "or", a, b: TRUE }, b } : { k: "or", a, b };
    }
    return a;
  };
  let root: Node = pos < tokens.length ? orExpr() : TRUE;
  if (pos < tokens.length) fail(tokens[pos] === ")" ? "invalid expression; you have too many ')'" : `unexpected extra predicate '${tokens[pos]}'`);
  if (!hasAction) root = { k: "and", a: root, b: { k: "action", fn: async (e, rt) => (await rt.print(`${e.path}\n`), true) } };
  void statOf;
  return { plan: { root, maxDepth, minDepth, depthFirst, follow }, newerRefs };
}

/** Evaluates a node for one entry (short-circuit `-a`/`-o`). */
export async function evaluate(n: Node, e: FindEntry, rt: FindRuntime, st: EvalState): Promise<boolean> {
  switch (n.k) {
    case "and": return (await evaluate(n.a, e, rt, st)) && !st.quit && (await evaluate(n.b, e, rt, st));
    case "or": return (await evaluate(n.a, e, rt, st)) || (!st.quit && (await evaluate(n.b, e, rt, st)));
    case "not": return !(await evaluate(n.a, e, rt, st));
    case "test": return n.fn(e, rt);
    case "action": return n.fn(e, rt, st);
    case "exec": {
      if (n.batch) {
        rt.batch(n, e.path);
        return true;
      }
      const argv = n.argv.map((a) => a.split("{}").join(e.path));
      return (await rt.exec(argv)) === 0;
    }
  }
}
