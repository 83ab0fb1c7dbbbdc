/**
 * Redirections on a real fd table: `< > >> >| <> &> &>> <& >&`, here-documents and
 * here-strings, `{var}>`, `/dev/null` `/dev/stdin` `/dev/stdout` `/dev/stderr` `/dev/fd/N`,
 * noclobber, and the logic-only rule that only /dev/null is reachable.
 */
import { FsError, NULL_OUTPUT, StringInput, resolvePath } from "@husk/host";
import type { Redirect } from "@husk/syntax";
import { releaseCoprocs } from "./coproc.js";
import { dataSubscript, parseRef } from "./refs.js";
import { Abrupt, FatalError, ProfileRejection } from "./errors.js";
import type { Completion, MaybeAsync } from "./errors.js";
import type { Interp } from "./interp.js";
import { DirectoryInput, FileOutput, ShellInput } from "./io.js";
import { ReadWriteFile } from "./rwfile.js";
import type { Fd } from "./state.js";
import { wordParts } from "@husk/syntax";

/** A redirection failed: the message is printed and the command is not run (status 1). */
class RedirError extends Error {}

/**
 * Applies redirections, runs `fn`, then restores the fd table and flushes opened files.
 * A failing redirection prints its message and yields status 1 without running `fn`; with
 * `atRedirect` (a compound command's), the message names the line of the redirections, as
 * bash's does (where the command ended), though $LINENO stays where it was.
 */
export function withRedirects(ip: Interp, redirects: readonly { readonly type: "Redirect" }[], fn: () => MaybeAsync<Completion>, atRedirect = false): MaybeAsync<Completion> {
  if (redirects.length === 0) return fn();
  return withRedirectsAsync(ip, redirects as readonly Redirect[], fn, atRedirect);
}

async function withRedirectsAsync(ip: Interp, redirects: readonly Redirect[], fn: () => MaybeAsync<Completion>, atRedirect: boolean): Promise<Completion> {
  const saved = ip.st.fds.slice();
  const opened: FileOutput[] = [];
  const kept: number[] = [];
  try {
    await applyRedirects(ip, redirects, opened, kept);
  } catch (e) {
    ip.st.fds = saved;
    await closeFiles(ip, opened);
    if (e instanceof RedirError || (e instanceof FatalError && e.scope === "command")) {
      const pos = ip.pos;
      if (atRedirect) ip.pos = redirects[0]!.start;
      ip.error(e instanceof FatalError ? e : e.message);
      ip.pos = pos;
      return ip.checkErr(1);
    }
    throw e;
  }
  const applied = ip.st.fds;
  try {
    return await fn();
  } catch (e) {
    // an error that unwinds past these redirections is written to the stderr they set up, as
    // bash writes it where it happens (`{ echo ${x!}; } 2>/dev/null` says nothing)
    if (e instanceof FatalError && e.scope !== "command") ip.error(e);
    throw e;
  } finally {
    ip.st.fds = undoRedirects(ip.st.fds, saved, applied, kept);
    await closeFiles(ip, kept.length === 0 ? opened : opened.filter((f) => !kept.some((fd) => applied[fd]?.output === f)));
  }
}

/**
 * The fd table after a command's redirections are undone: only the fds they changed get their
 * saved entries back (an `exec 3>x` inside `{ } 4>y` stays), and a `{var}` fd stays open, as
 * bash leaves it unless varredir_close is set.
 */
function undoRedirects(now: readonly (Fd | undefined)[], saved: readonly (Fd | undefined)[], applied: readonly (Fd | undefined)[], kept: readonly number[]): (Fd | undefined)[] {
  const fds = now.slice();
  const n = Math.max(saved.length, applied.length);
  for (let fd = 0; fd < n; fd++) if (applied[fd] !== saved[fd] && !kept.includes(fd)) fds[fd] = saved[fd];
  return fds;
}

/** `exec` with only redirections: applies them permanently. */
export async function applyPermanent(ip: Interp, redirects: readonly Redirect[]): Promise<number> {
  const opened: FileOutput[] = [];
  try {
    await applyRedirects(ip, redirects, opened, []);
    if (ip.coprocs !== undefined) releaseCoprocs(ip);
    return 0;
  } catch (e) {
    if (e instanceof RedirError || (e instanceof FatalError && e.scope === "command")) {
      ip.error(e instanceof FatalError ? e : e.message);
      return 1;
    }
    throw e;
  }
}

async function closeFiles(ip: Interp, opened: FileOutput[]): Promise<void> {
  for (const f of opened) {
    ip.rt.openFiles.delete(f);
    await f.flush();
  }
}

async function target(ip: Interp, r: Redirect): Promise<string> {
  const words = await ip.expandWords([r.target]);
  if (words.length !== 1) throw new RedirError(`${wordText(ip, r)}: ambiguous redirect`);
  return words[0]!;
}

/** The target word as written (bash names it so in some redirection errors: `$y: ambiguous redirect`). */
function wordText(ip: Interp, r: Redirect): string {
  return ip.src.text.slice(r.target.start, r.target.end);
}

/**
 * What bash calls the fd a failed `>&`/`<&` could not duplicate: the number when it was
 * written as digits; for an expanded word, the word as written when the redirected fd is the
 * default one (`>&$x` says `$x`), else the redirected fd (`2>&$x` says `2`).
 */
function badFdName(ip: Interp, r: Redirect, src: number): string {
  const text = wordText(ip, r);
  if (/^[0-9]+-?$/.test(text)) return String(src);
  const dflt = r.op === ">&" ? 1 : 0;
  return r.fd === undefined || r.fd === dflt ? text : String(r.fd);
}

function setFd(ip: Interp, fd: number, entry: Fd | undefined): void {
  const fds = ip.st.fds.slice();
  fds[fd] = fd === 0 && entry?.input !== undefined && entry.own !== true ? { ...entry, own: true } : entry;
  ip.st.fds = fds;
}

/** The value of the variable of a `{var}` redirection: `{fd}`, or an element, `{COPROC[1]}`. */
async function fdVarValue(ip: Interp, fdVar: string): Promise<string | undefined> {
  const ref = parseRef(fdVar)!;
  if (typeof ref.index !== "object") return ip.getScalar(ref.name);
  const key = await dataSubscript(ip, ref.name, fdVar.slice(ref.name.length + 1, -1));
  return ip.elementOf(ip.st.vars.get(ref.name)?.value, key);
}

/** Sets the variable (or element) of a `{var}` redirection to the fd it opened. */
async function setFdVar(ip: Interp, fdVar: string, fd: number): Promise<void> {
  const ref = parseRef(fdVar)!;
  if (typeof ref.index === "object") await ip.assignIndexed(ref.name, ref.index, String(fd));
  else ip.setVar(ref.name, String(fd));
}

function allocFd(ip: Interp): number {
  let fd = 10;
  while (ip.st.fds[fd] !== undefined) fd++;
  return fd;
}

/** Applies `redirects` to the fd table; the fds `{var}` redirections open are pushed on `kept`. */
async function applyRedirects(ip: Interp, redirects: readonly Redirect[], opened: FileOutput[], kept: number[]): Promise<void> {
  for (const r of redirects) {
    const op = r.op;
    const input = op === "<" || op === "<<" || op === "<<-" || op === "<<<" || op === "<&" || op === "<>";
    let fd = r.fd ?? (input ? 0 : 1);
    // the target of a dup is expanded once, before a {var} gets its fd
    const dup = op === ">&" || op === "<&" ? await target(ip, r) : "";
    if (r.fdVar !== undefined) {
      if (dup === "-") {
        setFd(ip, Number(await fdVarValue(ip, r.fdVar)), undefined);
        continue;
      }
      // `{v}>&file` is not `&>file`: bash names the variable
      if (dup !== "" && !/^[0-9]+-?$/.test(dup)) throw new RedirError(`${r.fdVar}: ambiguous redirect`);
      fd = allocFd(ip);
      await setFdVar(ip, r.fdVar, fd);
      if (!ip.st.opt("varredir_close")) kept.push(fd);
    }
    switch (op) {
      case "<<":
      case "<<-": {
        const hd = r.heredoc!;
        const body = wordParts(hd.body);
        let text = hd.quoted ? body.map((p) => ("value" in p ? p.value : "")).join("") : await ip.expandString(hd.body);
        // a body cut by the end of the text without a final newline: bash's line reader adds it
        const last = body[body.length - 1];
        if (last !== undefined && !(last.type === "Literal" && last.value.endsWith("\n"))) text += "\n";
        setFd(ip, fd, { input: new ShellInput(new StringInput(text)) });
        break;
      }
      case "<<<": {
        const text = await ip.expandString(r.target);
        setFd(ip, fd, { input: new ShellInput(new StringInput(`${text}\n`)) });
        break;
      }
      case "<&":
      case ">&": {
        if (dup === "-") {
          setFd(ip, fd, undefined);
          break;
        }
        const m = /^([0-9]+)(-?)$/.exec(dup);
        if (m === null) {
          // `>&file` and `1>&file` are `&>file`; any other fd makes it ambiguous
          if (op === ">&" && fd === 1) {
            await openOutput(ip, dup, 1, false, false, opened, true);
            break;
          }
          throw new RedirError(`${dup}: ambiguous redirect`);
        }
        const src = Number(m[1]);
        // bash does nothing at all for an fd duplicated onto itself (`3>&3`, `3>&3-`)
        if (src === fd) break;
        const e = ip.st.fds[src];
        if (e === undefined) throw new RedirError(`${badFdName(ip, r, src)}: Bad file descriptor`);
        setFd(ip, fd, e);
        if (m[2] === "-") setFd(ip, src, undefined);
        break;
      }
      case "<": {
        const t = await target(ip, r);
        setFd(ip, fd, { input: await openInput(ip, t) });
        break;
      }
      case "<>": {
        const t = await target(ip, r);
        setFd(ip, fd, await openReadWrite(ip, t, opened));
        break;
      }
      case ">":
      case ">|":
      case ">>": {
        const t = await target(ip, r);
        await openOutput(ip, t, fd, op === ">>", op === ">" && ip.st.options.noclobber, opened, false);
        break;
      }
      case "&>":
      case "&>>": {
        const t = await target(ip, r);
        await openOutput(ip, t, 1, op === "&>>", op === "&>" && ip.st.options.noclobber, opened, true);
        break;
      }
    }
  }
}

function denied(ip: Interp, t: string): void {
  if (ip.rt.profile === "logic-only" && t !== "/dev/null") throw new ProfileRejection(`${t}: filesystem redirection disabled`);
}

async function openInput(ip: Interp, t: string): Promise<ShellInput> {
  if (t === "/dev/null") return new ShellInput(new StringInput(""));
  if (t === "/dev/stdin") return ip.st.fds[0]?.input ?? new ShellInput(new StringInput(""));
  const m = /^\/dev\/fd\/([0-9]+)$/.exec(t);
  if (m !== null) {
    const e = ip.st.fds[Number(m[1])];
    if (e?.input === undefined) throw new RedirError(`${t}: No such file or directory`);
    return e.input;
  }
  denied(ip, t);
  try {
    const text = await ip.rt.fs.readFile(resolvePath(ip.st.cwd, t));
    return new ShellInput(new StringInput(text));
  } catch (e) {
    // bash opens a directory; reading it is what fails
    if (e instanceof FsError && e.code === "EISDIR") return new ShellInput(new DirectoryInput());
    if (e instanceof FsError) throw new RedirError(`${t}: ${e.message}`);
    throw e;
  }
}

/** `<>`: the file (created when missing, never truncated) as both input and output of one fd. */
async function openReadWrite(ip: Interp, t: string, opened: FileOutput[]): Promise<Fd> {
  if (t === "/dev/null") return { input: new ShellInput(new StringInput("")), output: NULL_OUTPUT };
  denied(ip, t);
  const path = resolvePath(ip.st.cwd, t);
  let text: string;
  try {
    await ip.rt.fs.writeFile(path, "", { append: true, mode: 0o666 & ~ip.st.umask });
    text = await ip.rt.fs.readFile(path);
  } catch (e) {
    if (e instanceof FsError) throw new RedirError(`${t}: ${e.message}`);
    throw e;
  }
  const rw = new ReadWriteFile(ip.rt.fs, path, text, ip.rt.limits.maxFileBytes);
  opened.push(rw);
  ip.rt.openFiles.add(rw);
  return { input: rw.input, output: rw };
}

async function openOutput(ip: Interp, t: string, fd: number, append: boolean, noclobber: boolean, opened: FileOutput[], both: boolean): Promise<void> {
  const set = (o: Fd): void => {
    setFd(ip, fd, o);
    if (both) setFd(ip, 2, o);
  };
  if (t === "/dev/null") return set({ output: NULL_OUTPUT });
  if (t === "/dev/stdout" || t === "/dev/fd/1") return set(ip.st.fds[1] ?? { output: NULL_OUTPUT });
  if (t === "/dev/stderr" || t === "/dev/fd/2") return set(ip.st.fds[2] ?? { output: NULL_OUTPUT });
  const m = /^\/dev\/fd\/([0-9]+)$/.exec(t);
  if (m !== null) {
    const e = ip.st.fds[Number(m[1])];
    if (e === undefined) throw new RedirError(`${t}: No such file or directory`);
    return set(e);
  }
  if (t === "") throw new RedirError(`: No such file or directory`);
  denied(ip, t);
  const path = resolvePath(ip.st.cwd, t);
  const fs = ip.rt.fs;
  try {
    if (noclobber && (await fs.exists(path))) {
      const st = await fs.stat(path);
      if (st.type === "file") throw new RedirError(`${t}: cannot overwrite existing file`);
    }
    await fs.writeFile(path, "", { append: true, mode: 0o666 & ~ip.st.umask });
    if (!append) await fs.writeFile(path, "");
  } catch (e) {
    if (e instanceof FsError) throw new RedirError(`${t}: ${e.message}`);
    throw e;
  }
  const out = new FileOutput(fs, path, true, ip.rt.limits.maxFileBytes);
  opened.push(out);
  ip.rt.openFiles.add(out);
  set({ output: out });
}

export { Abrupt };
