/**
 * Process substitution. There are no processes and no pipes in the filesystem, so both sides
 * go through a temp file under /tmp:
 * - `<(body)` runs the body at once, writes its output to the file and expands to its path;
 * - `>(body)` expands to the path of an empty file and runs the body later, with the file's
 *   contents as its stdin and the fds the shell had when the word was expanded (as a forked
 *   bash would): once the statement that expanded it has ended and no fd of the shell still
 *   has the file open (`exec 3> >(cat)` keeps it until `exec 3>&-`), or when the shell ends.
 * The file is removed once the substitution is done, as bash's /dev/fd/N disappears.
 */
import { FsError, StringInput, resolvePath } from "@husk/host";
import type { OutputStream } from "@husk/host";
import type { ProcessSub, Statement, Word } from "@husk/syntax";
import { FatalError, ProfileRejection } from "./errors.js";
import type { Interp } from "./interp.js";
import { FileOutput, LimitedOutput, ShellInput } from "./io.js";

/** A process substitution whose temp file is still around. */
export interface PendingProcSub {
  readonly path: string;
  /** `>(...)`: the subshell (forked at expansion) that reads the file, and its body. */
  readonly reader?: { readonly sub: Interp; readonly body: ProcessSub["body"]; readonly job: { status: number } };
}

/** Expands `<(...)` or `>(...)` in `ip` to a file path (see the module comment). */
export async function processSub(ip: Interp, p: ProcessSub): Promise<string> {
  if (ip.rt.profile === "logic-only") throw new ProfileRejection("process substitution disabled in logic-only shell");
  const path = `/tmp/.husk-psub-${++ip.rt.tmpCounter}`;
  let text = "";
  let reader: PendingProcSub["reader"];
  const sub = ip.subshell();
  sub.src = ip.substitutionSource(p.body);
  const job = { pid: sub.st.bashPid, status: 0 };
  if (p.op === "<") {
    const out = new LimitedOutput(ip.rt.limits.maxStringBytes);
    sub.st.fds[1] = { output: out };
    job.status = await (fileSubstitution(sub, p.body, out) ?? sub.runSubshell(() => sub.execList(p.body)));
    text = out.text;
  } else {
    reader = { sub, body: p.body, job };
  }
  try {
    await ip.rt.fs.mkdir("/tmp", { recursive: true });
    await ip.rt.fs.writeFile(path, text);
  } catch (e) {
    throw new FatalError(`${path}: ${e instanceof Error ? e.message : "error"}`, 1, "command");
  }
  (ip.procSubs ??= []).push({ path, ...(reader ? { reader } : {}) });
  ip.st.lastBgPid = job.pid;
  ip.st.lastProcSub = job;
  return path;
}

/**
 * `$(< file)` and `<(< file)`: a body that is one input redirection and nothing else writes
 * the file to `out` (status 0), or reports the error (status 1). Undefined for any other body (and in the logic-only profile, whose redirection
 * rules the ordinary path applies).
 */
export function fileSubstitution(ip: Interp, body: readonly Statement[], out: OutputStream): Promise<number> | undefined {
  if (body.length !== 1 || body[0]!.background || ip.rt.profile === "logic-only") return undefined;
  const cmd = body[0]!.command;
  if (cmd.type !== "SimpleCommand" || cmd.words.length > 0 || cmd.assignments.length > 0 || cmd.redirects.length !== 1) return undefined;
  const r = cmd.redirects[0]!;
  if (r.op !== "<" || (r.fd !== undefined && r.fd !== 0) || r.fdVar !== undefined) return undefined;
  return readInto(ip, r.target, out);
}

async function readInto(ip: Interp, target: Word, out: OutputStream): Promise<number> {
  const words = await ip.expandWords([target]);
  const name = words.join(" ");
  if (words.length !== 1) {
    ip.error(`${name}: ambiguous redirect`);
    return 1;
  }
  try {
    out.write(await ip.rt.fs.readFile(resolvePath(ip.st.cwd, name)));
    return 0;
  } catch (e) {
    if (!(e instanceof FsError)) throw e;
    // bash opens a directory and reads nothing from it, silently
    if (e.code === "EISDIR") return 0;
    ip.error(`${name}: ${e.message}`);
    return 1;
  }
}

/** True when an fd of `ip` has `path` open for writing. */
function held(ip: Interp, path: string): boolean {
  return ip.st.fds.some((f) => f?.output instanceof FileOutput && f.output.path === path);
}

/**
 * Finishes the process substitutions of `ip` from index `from` of its pending list (those the
 * ending statement expanded) and those an fd held open: runs each `>(...)` reader and removes
 * the temp files. A reader whose file an fd of `ip` still has open waits on the held list;
 * `all` (the shell is ending) settles everything.
 */
export async function settleProcSubs(ip: Interp, from: number, all = false): Promise<void> {
  let mine: PendingProcSub[] = [];
  const list = ip.procSubs;
  if (list !== undefined && list.length > from) {
    mine = list.splice(from);
    if (list.length === 0) ip.procSubs = undefined;
  }
  if (ip.heldProcSubs !== undefined) {
    mine = ip.heldProcSubs.concat(mine);
    ip.heldProcSubs = undefined;
  }
  const fs = ip.rt.fs;
  for (const ps of mine) {
    if (ps.reader !== undefined) {
      if (!all && held(ip, ps.path)) {
        (ip.heldProcSubs ??= []).push(ps);
        continue;
      }
      const { sub, body, job } = ps.reader;
      const text = await fs.readFile(ps.path).catch(() => "");
      sub.st.fds[0] = { input: new ShellInput(new StringInput(text)), own: true };
      job.status = await sub.runSubshell(() => sub.execList(body));
    }
    await fs.rm(ps.path, { force: true }).catch(() => undefined);
  }
}
