/**
 * The interpreter: one `Interp` per shell or subshell (a subshell gets a copy of the state and
 * shares the runtime). It runs scripts one complete top-level command at a time, dispatches
 * commands, and offers the expansion and variable operations the builtins use.
 */
import { BrokenPipeError, LimitError } from "@husk/host";
import type { Clock, CommandTable, FileSystem, Identity, Limits, LimitsMeter, OutputStream, RequestContext, SeededRandom } from "@husk/host";
import { ParseError, parseArithmetic, warningReport } from "@husk/syntax";
import type { AndOr, Arithmetic, Command, ProcessSub, Statement, Word, WordPart } from "@husk/syntax";
import { ArithError, ArithEvaluator } from "./arith.js";
import { arithFatal, arithSource, arithWord, literalText, rethrowArithFatal } from "./arith-words.js";
import { arithGet, arithSet, AsyncSubscript, retryArith } from "./arith-subscript.js";
import { evalTemplate } from "./arith-template.js";
import type { ArithEnv } from "./arith.js";
import { Abrupt, discardShell, FatalError, ProfileRejection } from "./errors.js";
import type { Completion, MaybeAsync } from "./errors.js";
import { expandPartsInto, expandPattern, expandString, expandWordPartsInto, expandWords } from "./expand.js";
import type { FieldBuilder } from "./fields.js";
import type { Int } from "./int64.js";
import { intToString } from "./int64.js";
import { FileOutput, LimitedOutput } from "./io.js";
import { ScriptLines } from "./parse-cache.js";
import { execCompound } from "./compound.js";
import { execPipeline, lightSubstitution, setSinglePipeStatus } from "./pipeline.js";
import { execSimple } from "./simple.js";
import { fileSubstitution, processSub, settleProcSubs } from "./procsub.js";
import type { PendingProcSub } from "./procsub.js";
import type { Fd, ShellState } from "./state.js";
import { SourceInfo } from "./source.js";
import { startBackground } from "./background.js";
import { endCoprocs } from "./coproc.js";
import type { CoprocEntry } from "./coproc.js";
import { ansiQuote } from "./quote.js";
import { substitutionSource } from "./funcprint.js";
import { assignDynamic, dynamicVar, shellFlags } from "./special-params.js";
import { checkErr, exitTrap, runTrapText } from "./traps.js";
import { deliverSignals } from "./signals.js";
import { isElementRef, parseRef, simpleSubscript } from "./refs.js";
import { AssocArray, Attr, IndexedArray, VarError, transformCase } from "./vars.js";
import type { Var } from "./vars.js";


/** The profile of a shell (see @husk/bash). */
export type ProfileName = "sandbox" | "logic-only";

/** What every shell and subshell of one run shares. */
export interface Runtime {
  readonly fs: FileSystem;
  readonly commands: CommandTable;
  readonly meter: LimitsMeter;
  readonly limits: Limits;
  readonly clock: Clock;
  readonly random: SeededRandom;
  readonly identity: Identity;
  readonly request: RequestContext;
  readonly profile: ProfileName;
  readonly signal: AbortSignal;
  /** Clock time when the run started (for $SECONDS). */
  readonly startMs: number;
  /** Files opened by redirections that hold buffered output. */
  readonly openFiles: Set<FileOutput>;
  /** The first fatal error of a background job (ends the run). */
  fatal?: unknown;
  /** Called when a background job hits a fatal error. */
  fail(e: unknown): void;
  /** Background job promises, awaited at the end of the run. */
  readonly pending: Set<Promise<unknown>>;
  /** The shells of this run by `$$` (the targets of `kill PID`). */
  readonly shells: Map<number, Interp>;
  /** Counter for process-substitution temp files. */
  tmpCounter: number;
}

/** One shell. */
export class Interp {
  readonly arith: ArithEvaluator;
  /** Offset of the command being run in `src` (for $LINENO and messages). */
  pos = 0;
  src: SourceInfo = new SourceInfo("", 0);
  /** > 0 while running a condition (if/while test, `&&`/`||` left side, `!`): set -e is off. */
  condDepth = 0;
  /**
   * The condDepth of a `!` pipeline that started with set -e off (else -1): bash suppresses
   * errexit only for the negated command's own status then, not inside its body, so a
   * `set -e` in `! f` ends the shell at f's next failure.
   */
  negSoft = -1;
  /** Status of the last command substitution in the current command (for `x=$(false)`). */
  subStatus: number | undefined;
  /** Positive while an arithmetic evaluation can wait for a subscript's expansion (arith-subscript.ts). */
  arithRetry = 0;
  /** Arithmetic assignments made so far (an evaluation is run again only if it made none). */
  arithEffects = 0;
  /** Subscripts expanded for the evaluation being run again (arith-subscript.ts). */
  subscriptValues: Map<string, string> | undefined;
  /** Nesting of loops (for break/continue validity). */
  loopDepth = 0;
  /** Nesting of function calls. */
  callDepth = 0;
  /** Nesting of `source` (return is valid inside). */
  sourceDepth = 0;
  /** bash's indirection level: eval, source and `$( )` nest; xtrace repeats PS4's first character for each. */
  traceLevel = 0;
  /** Which trap actions are running now (bits of `Running` in traps.ts: no recursion). */
  runningTraps = 0;
  /** Signals sent to this shell, handled after its current command (see signals.ts). */
  pendingSignals: string[] | undefined;
  /** Aborted when this background job (or the job this subshell belongs to) is killed. */
  jobSignal: AbortSignal | undefined;
  /** A simple command whose DEBUG trap already ran (a pipeline runs them before its stages). */
  debugDone: Command | undefined;
  /** Set by break/continue/return/exit builtins: the completion of the command they end. */
  pendingAbrupt: Abrupt | undefined;
  /** Process substitutions expanded by statements still running, innermost last (procsub.ts). */
  procSubs: PendingProcSub[] | undefined;
  /** `>(...)` readers waiting for an fd of this shell to close their file (`exec 3> >(cat)`). */
  heldProcSubs: PendingProcSub[] | undefined;
  /** The coprocesses this shell started and has not reaped (coproc.ts). */
  coprocs: CoprocEntry[] | undefined;

  constructor(
    readonly rt: Runtime,
    public st: ShellState,
  ) {
    const env: ArithEnv = {
      getVar: (name, index) => arithGet(this, name, index),
      setVar: (name, index, value) => arithSet(this, name, index, value),
      // the evaluator caches compiled expressions by text
      parse: (text) => parseArithmetic(text),
    };
    this.arith = new ArithEvaluator(env);
  }

  /** A subshell: copied state, shared runtime. */
  subshell(): Interp {
    const depth = this.st.subshellDepth + 1;
    if (depth > this.rt.limits.maxSubshellDepth) {
      throw new LimitError("maxSubshellDepth", `subshells nested more than ${this.rt.limits.maxSubshellDepth} deep`);
    }
    const c = new Interp(this.rt, this.st.clone());
    c.st.bashPid = this.rt.identity.pid + ++this.st.nextPid * 7;
    c.src = this.src;
    c.pos = this.pos;
    c.callDepth = this.callDepth;
    c.traceLevel = this.traceLevel;
    c.jobSignal = this.jobSignal;
    c.condDepth = this.condDepth;
    c.negSoft = this.negSoft;
    return c;
  }

  // ---------------------------------------------------------------- running scripts

  /**
   * Runs a script one complete command line at a time. Returns the final status; `exit`
   * and fatal errors end it. `lineOffset` shifts $LINENO (eval, source). `input` is the name
   * bash gives the text in its syntax errors after the shell's name (`-c`, `eval`, `exit
   * trap`: `bash: eval: line 1: ...`); undefined for a script or sourced file.
   */
  async runScript(source: string, lineOffset = 0, topLevel = true, file = this.src.file, input?: string): Promise<Completion> {
    if (source.length > this.rt.limits.maxScriptBytes) {
      throw new LimitError("maxScriptBytes", `script too large: ${source.length} bytes`);
    }
    const saved = this.src;
    this.src = new SourceInfo(source, lineOffset, file);
    const parser = new ScriptLines(source, {
      aliasesActive: () => this.st.aliases.size > 0 && this.st.opt("expand_aliases"),
      extglob: () => this.st.opt("extglob"),
      alias: (n) => this.st.aliases.get(n),
      maxDepth: this.rt.limits.maxParseDepth,
      maxBytes: this.rt.limits.maxScriptBytes,
      warn: (w) => this.stderr().write(warningReport(w, this.nameForError(), lineOffset)),
    });
    let status: Completion = this.st.status;
    try {
      for (;;) {
        let stmts: Statement[] | undefined;
        try {
          stmts = parser.next();
        } catch (e) {
          if (e instanceof ParseError) {
            const name = this.nameForError();
            this.stderr().write(e.report(source, input === undefined || input === name ? name : `${name}: ${input}`, lineOffset));
            if (e.resumes) {
              this.st.status = status = e.exitStatus(this.st.status);
              continue;
            }
            // bash discards the shell at a syntax error in a `$( )` body: an eval or source
            // ends it with 1 (127 under -c, see `runScript`'s caller), -c itself with 127
            if (e.inSubstitution && !topLevel) throw discardShell();
            // bash quirk: a syntax error inside `[[ ]]` exits with the previous status, not 2
            // (eval and source still return 2)
            const st = e.inSubstitution && this.st.flagSuffix === "c" ? 127 : !topLevel && e.conditional ? 2 : e.exitStatus(this.st.status);
            this.st.status = st;
            return topLevel ? new Abrupt("exit", 0, st) : st;
          }
          throw e;
        }
        if (stmts === undefined) break;
        if (topLevel) this.st.commandNumber++;
        if (this.st.options.noexec) continue;
        try {
          const c = await this.execList(stmts);
          if (c instanceof Abrupt) {
            if (c.kind === "exit" || c.kind === "return" || !topLevel) return c;
            status = c.status;
          } else status = c;
        } catch (e) {
          if (!(e instanceof FatalError)) throw e;
          this.error(e);
          this.st.status = e.status;
          status = e.status;
          // bash -c reports fatal expansion errors (${x?}, set -u) with status 127
          if (e.scope === "exit") return new Abrupt("exit", 0, this.st.flagSuffix === "c" && !this.st.lineAbortExits ? 127 : e.status);
          if (e.scope === "line" && (this.st.lineAbortExits || (e.errexit && this.st.options.errexit))) return new Abrupt("exit", 0, e.status);
          if (e.scope === "discard" && (this.st.lineAbortExits || this.st.flagSuffix === "c")) return new Abrupt("exit", 0, e.status);
        }
      }
    } finally {
      this.src = saved;
    }
    return status;
  }

  /** Runs the EXIT trap (once) and returns the final status. */
  async finish(status: number): Promise<number> {
    const st = await exitTrap(this, status);
    if (this.coprocs !== undefined) endCoprocs(this);
    if (this.procSubs !== undefined || this.heldProcSubs !== undefined) {
      if (this.rt.openFiles.size > 0) await this.flushFiles();
      await settleProcSubs(this, 0, true);
    }
    return st;
  }

  /** Runs trap text; errors inside are reported, not propagated (see traps.ts). */
  runTrapText(text: string, name?: string): Promise<Completion> {
    return runTrapText(this, text, name);
  }

  /** Runs a list of statements; stops at the first abrupt completion. Synchronous while its statements are. */
  execList(stmts: readonly Statement[]): MaybeAsync<Completion> {
    if (this.negSoft === this.condDepth) return this.#execListHard(stmts);
    const in0 = this.st.fds[0];
    if (in0?.own === true) return this.#execInherited(stmts, in0);
    let c: Completion = this.st.status;
    for (let i = 0; i < stmts.length; i++) {
      const r = this.execStatement(stmts[i]!);
      if (r instanceof Promise) return this.#execListFrom(stmts, i, r);
      c = r;
      if (c instanceof Abrupt) return c;
    }
    return c;
  }

  /** The body of a command under a `!` that started with set -e off: its commands are checked. */
  async #execListHard(stmts: readonly Statement[]): Promise<Completion> {
    const soft = this.negSoft;
    this.negSoft = -1;
    this.condDepth--;
    try {
      return await this.execList(stmts);
    } finally {
      this.condDepth++;
      this.negSoft = soft;
    }
  }

  /** The rest of `execList` once statement `i` went asynchronous. */
  async #execListFrom(stmts: readonly Statement[], i: number, pending: Promise<Completion>): Promise<Completion> {
    let c = await pending;
    if (c instanceof Abrupt) return c;
    for (i++; i < stmts.length; i++) {
      const r = this.execStatement(stmts[i]!);
      c = r instanceof Promise ? await r : r;
      if (c instanceof Abrupt) return c;
    }
    return c;
  }

  /**
   * The commands of a body see the stdin of their compound command as inherited (not their
   * own): a tool inside `... | while read` must not swallow the loop's input.
   */
  async #execInherited(stmts: readonly Statement[], in0: Fd): Promise<Completion> {
    const demoted: Fd = { input: in0.input, output: in0.output };
    const fds = this.st.fds.slice();
    fds[0] = demoted;
    this.st.fds = fds;
    try {
      return await this.execList(stmts);
    } finally {
      if (this.st.fds[0] === demoted) {
        const back = this.st.fds.slice();
        back[0] = in0;
        this.st.fds = back;
      }
    }
  }

  /** Runs one statement (possibly in the background). */
  execStatement(s: Statement): MaybeAsync<Completion> {
    if (s.background) {
      startBackground(this, s);
      return 0;
    }
    const mark = this.procSubs === undefined ? 0 : this.procSubs.length;
    const r = this.execCommand(s.command);
    if (r instanceof Promise) return this.#statementLater(r, mark);
    return this.#statementDone(r, mark);
  }

  /** `execStatement` once its command went asynchronous (a separate function: a closure in execStatement would cost a context per statement). */
  async #statementLater(r: Promise<Completion>, mark: number): Promise<Completion> {
    return this.#statementDone(await r, mark);
  }

  #statementDone(c: Completion, mark: number): MaybeAsync<Completion> {
    if (typeof c === "number") this.st.status = c;
    else if (c.kind !== "break" && c.kind !== "continue") this.st.status = c.status;
    if (this.rt.openFiles.size > 0 || this.pendingSignals !== undefined || (this.procSubs?.length ?? 0) > mark || this.heldProcSubs !== undefined) {
      return this.#statementDoneAsync(c, mark);
    }
    return c;
  }

  /** The end of a statement that has files to flush, process substitutions to settle or signals to deliver. */
  async #statementDoneAsync(c: Completion, mark: number): Promise<Completion> {
    if (this.rt.openFiles.size > 0) await this.flushFiles();
    if ((this.procSubs?.length ?? 0) > mark || this.heldProcSubs !== undefined) await settleProcSubs(this, mark);
    if (this.pendingSignals !== undefined) return (await deliverSignals(this)) ?? c;
    return c;
  }

  /** Runs `fn` as the body of a subshell: `exit` and fatal errors end only the subshell. */
  async runSubshell(fn: () => MaybeAsync<Completion>): Promise<number> {
    let status: number;
    try {
      const c = await fn();
      status = c instanceof Abrupt ? c.status : c;
    } catch (e) {
      if (e instanceof FatalError) {
        this.error(e);
        status = e.status;
      } else if (e instanceof BrokenPipeError) status = 141;
      else throw e;
    }
    this.st.status = status;
    status = await this.finish(status);
    if (this.rt.openFiles.size > 0) await this.flushFiles();
    return status & 255;
  }

  async #pipeStatusLater(r: Promise<Completion>): Promise<Completion> {
    return setSinglePipeStatus(this, await r);
  }

  /** Dispatches one command. */
  execCommand(cmd: Command): MaybeAsync<Completion> {
    switch (cmd.type) {
      case "SimpleCommand": {
        const r = execSimple(this, cmd);
        return r instanceof Promise ? this.#pipeStatusLater(r) : setSinglePipeStatus(this, r);
      }
      case "Pipeline":
        return execPipeline(this, cmd);
      case "AndOr": {
        this.condDepth++;
        let l: MaybeAsync<Completion>;
        try {
          l = this.execCommand(cmd.left);
        } catch (e) {
          this.condDepth--;
          throw e;
        }
        if (l instanceof Promise) return this.#andOrAsync(cmd, l);
        this.condDepth--;
        return this.#andOrRight(cmd, l);
      }
      default:
        return execCompound(this, cmd);
    }
  }

  async #andOrAsync(cmd: AndOr, left: Promise<Completion>): Promise<Completion> {
    let l: Completion;
    try {
      l = await left;
    } finally {
      this.condDepth--;
    }
    return this.#andOrRight(cmd, l);
  }

  #andOrRight(cmd: AndOr, l: Completion): MaybeAsync<Completion> {
    if (l instanceof Abrupt) return l;
    this.st.status = l;
    if (cmd.op === "&&" ? l !== 0 : l === 0) return l;
    return this.execCommand(cmd.right);
  }

  /** bash's set -e / ERR trap check after a command that can fail (see traps.ts; synchronous unless a trap runs). */
  checkErr(status: number): MaybeAsync<Completion> {
    return checkErr(this, status);
  }

  /** Writes buffered redirection output to the filesystem. */
  async flushFiles(): Promise<void> {
    for (const f of this.rt.openFiles) await f.flush();
  }

  // ---------------------------------------------------------------- messages

  /** The current line number. */
  line(): number {
    return this.src.lineOf(this.pos);
  }

  /** Writes `bash: line N: msg` to the shell's stderr; a ProfileRejection is `bash: msg`. */
  error(msg: string | FatalError): void {
    if (msg instanceof FatalError) {
      if (msg.reported) return;
      msg.reported = true;
    }
    if (msg instanceof ProfileRejection) this.stderr().write(`bash: ${msg.message}\n`);
    else if (typeof msg === "string") this.errorAtLine(this.line(), msg);
    else this.stderr().write(`${msg.where ?? this.nameForError()}: line ${msg.line ?? this.line()}: ${msg.message}\n`);
  }

  /** Reports `NAME: command not found` (a ProfileRejection in the logic-only profile). */
  notFound(name: string): void {
    // bash shows a name with control characters as $'...' (`$'a\tb': command not found`)
    const msg = `${/[\x00-\x1f\x7f]/.test(name) ? ansiQuote(name) : name}: command not found`;
    this.error(this.rt.profile === "logic-only" ? new ProfileRejection(msg, 127) : msg);
  }

  /**
   * Writes `NAME: line N: msg` for a given line, NAME being bash's name for errors (see
   * `nameForError`: `bash` by default, the script's path when a file is run, a sourced file's
   * name while it runs).
   */
  errorAtLine(line: number, msg: string): void {
    this.stderr().write(`${this.nameForError()}: line ${line}: ${msg}\n`);
  }

  /**
   * The name bash puts first in its messages (get_name_for_error): `${BASH_SOURCE[0]}` when
   * set (the script or sourced file; in a function, its file: `main`/`environment` for one
   * defined by a script read from stdin / given with -c), else `$0`.
   */
  nameForError(): string {
    const f = this.st.callStack;
    return f.length > 0 ? f[f.length - 1]!.source : this.st.arg0;
  }

  /** The shell's current stderr. */
  stderr(): OutputStream {
    return this.st.fds[2]?.output ?? NULL_OUT;
  }

  /** The shell's current stdout. */
  stdout(): OutputStream {
    return this.st.fds[1]?.output ?? NULL_OUT;
  }

  // ---------------------------------------------------------------- expansion glue

  /** Expands words into arguments. */
  expandWords(words: readonly Word[]): MaybeAsync<string[]> {
    return expandWords(this, words);
  }

  /** Expands a word to one string (no splitting, no globbing). */
  expandString(w: Word): MaybeAsync<string> {
    return expandString(this, w);
  }

  /** Expands a word to escaped pattern form. */
  expandPattern(w: Word): MaybeAsync<string> {
    return expandPattern(this, w);
  }

  /** Expands parts into a field builder. */
  expandPartsInto(parts: readonly WordPart[], q: boolean, b: FieldBuilder, splitLiterals = false): MaybeAsync<void> {
    return expandPartsInto(this, parts, q, b, splitLiterals);
  }

  /** Expands a word's parts into a field builder. */
  expandWordPartsInto(w: Word, q: boolean, b: FieldBuilder, splitLiterals = false): MaybeAsync<void> {
    return expandWordPartsInto(this, w, q, b, splitLiterals);
  }

  /**
   * Runs `$( ... )` (`$(< file)` reads the file) and returns its output without trailing
   * newlines. `backquote`: the offset of the opening backquote of `` `...` ``. `unparsed`: the
   * text of a backquote body that did not parse, ending at offset `end`; it is parsed now, as
   * bash does, and its error reported as the substitution's (`command substitution: line N:`,
   * N counted from the line of the closing backquote), with status 2.
   */
  async commandSub(body: readonly Statement[], backquote?: number, unparsed?: string, end = 0): Promise<string> {
    const out = new LimitedOutput(this.rt.limits.maxStringBytes);
    const src = this.src;
    const pos = this.pos;
    const lineOffset = unparsed === undefined ? 0 : src.lineOf(end) - 1;
    this.src = this.substitutionSource(body, backquote);
    let status: number;
    try {
      status = unparsed !== undefined
        ? await this.#commandSubshell(body, out, (sub) => sub.runScript(unparsed, lineOffset, false, undefined, "command substitution"))
        : await (fileSubstitution(this, body, out) ?? lightSubstitution(this, body, out) ?? this.#commandSubshell(body, out));
    } finally {
      this.src = src;
      this.pos = pos;
    }
    this.subStatus = status;
    this.st.status = status;
    let text = out.text;
    if (text.includes("\0")) {
      // bash drops NUL bytes (shell strings cannot hold them), with a warning
      this.error("warning: command substitution: ignored null byte in input");
      text = text.replace(/\0/g, "");
    }
    return text.replace(/\n+$/, "");
  }

  #commandSubshell(body: readonly Statement[], out: LimitedOutput, run = (sub: Interp): MaybeAsync<Completion> => sub.execList(body)): Promise<number> {
    const sub = this.subshell();
    // bash clears errexit inside $( ) unless `shopt -s inherit_errexit` or POSIX mode
    if (sub.st.options.errexit && !sub.st.opt("inherit_errexit") && !sub.st.options.posix) sub.st.options = { ...sub.st.options, errexit: false };
    sub.st.fds[1] = { output: out };
    sub.traceLevel++;
    // bash's `$( )` child keeps the job table (`$(jobs)`, `$(jobs | cat)`; not `$( (jobs) )`)
    sub.st.parentJobs = this.st.visibleJobs();
    return sub.runSubshell(() => run(sub));
  }

  /**
   * The source a substitution's body runs with: bash's line numbers there (SubstitutionLines,
   * from the current line); `backquote` as for commandSub.
   */
  substitutionSource(body: readonly Statement[], backquote?: number): SourceInfo {
    return substitutionSource(this.src, this.pos, body, backquote);
  }

  /** `<(...)` / `>(...)`: the path of a temp file standing for the substitution (procsub.ts). */
  processSub(p: ProcessSub): Promise<string> {
    return processSub(this, p);
  }

  /** Evaluates an Arithmetic node; arithmetic errors are thrown as ArithError. */
  evalArithRaw(a: Arithmetic): MaybeAsync<Int> {
    const effects = this.arithEffects;
    this.arithRetry++;
    try {
      return this.#evalArith(a);
    } catch (e) {
      if (e instanceof AsyncSubscript) return retryArith(this, e, effects, () => this.#evalArith(a));
      throw e;
    } finally {
      this.arithRetry--;
    }
  }

  #evalArith(a: Arithmetic): MaybeAsync<Int> {
    if (a.expr !== undefined) return this.arith.evaluateIn(a.expr, arithSource(a));
    const t = evalTemplate(this, a);
    if (t !== undefined) return t;
    // single quotes are not removed in arithmetic: bash reports `'1'` as an operand error
    // (and `A['k']` keeps them for the assoc subscript, where they are stripped)
    const text = this.expandString(arithWord(a.source));
    if (text instanceof Promise) return this.#evaluateLater(text);
    return this.arith.evaluateText(text);
  }

  // (the hot methods keep their asynchronous continuations in separate methods: a closure
  // inside them would make V8 allocate a context at every call, even on the synchronous path)
  async #evaluateLater(text: Promise<string>): Promise<Int> {
    return this.arith.evaluateText(await text);
  }

  /** Evaluates an Arithmetic node (expanding its source first when it has expansions). */
  evalArith(a: Arithmetic): MaybeAsync<Int> {
    let r: MaybeAsync<Int>;
    try {
      r = this.evalArithRaw(a);
    } catch (e) {
      throw arithFatal(e);
    }
    if (r instanceof Promise) return r.catch(rethrowArithFatal);
    return r;
  }

  /** Evaluates arithmetic text; errors become a FatalError (the command fails). */
  evalArithText(text: string): Int {
    try {
      return this.arith.evaluateText(text);
    } catch (e) {
      return commandArithError(e);
    }
  }

  /**
   * An indexed array's subscript text (expanded already) evaluated as an assignment's: a
   * subscript reached through a variable may wait for its expansion; errors as evalArithText's.
   */
  evalIndexText(text: string): MaybeAsync<number> {
    return this.#indexOf(text, commandArithError);
  }

  /** An array subscript evaluated arithmetically (single quotes stay, as in `$(( ))`: `a['2']` fails). */
  arithIndex(w: Word): MaybeAsync<number> {
    const text = this.expandString(arithWord(w));
    if (text instanceof Promise) return this.#indexOfLater(text);
    return this.#indexOf(text, rethrowArithFatal);
  }

  async #indexOfLater(text: Promise<string>): Promise<number> {
    return this.#indexOf(await text, rethrowArithFatal);
  }

  /** `text` evaluated as an index, waiting for a subscript's expansion when it must; `fail` throws an error as the caller reports it. */
  #indexOf(text: string, fail: (e: unknown) => never): MaybeAsync<number> {
    const effects = this.arithEffects;
    this.arithRetry++;
    try {
      return Number(this.arith.evaluateText(text));
    } catch (e) {
      if (e instanceof AsyncSubscript) return retryArith(this, e, effects, () => Number(this.arith.evaluateText(text))).catch(fail);
      return fail(e);
    } finally {
      this.arithRetry--;
    }
  }

  // ---------------------------------------------------------------- variables

  /** The value of a scalar parameter, special parameter or variable (element 0 of arrays). */
  getScalar(name: string): string | undefined {
    const c = name.charCodeAt(0);
    if (c >= 48 && c <= 57) {
      if (name === "0") return this.st.arg0;
      return this.st.positional[Number(name) - 1];
    }
    switch (name) {
      case "?":
        return String(this.st.status);
      case "#":
        return String(this.st.positional.length);
      case "$":
        return String(this.st.shellPid || this.rt.identity.pid);
      case "!":
        return this.st.lastBgPid === 0 ? undefined : String(this.st.lastBgPid);
      case "-":
        return shellFlags(this);
      case "@":
      case "*": {
        const ifs = this.getScalar("IFS");
        return this.st.positional.join(name === "*" ? (ifs === undefined ? " " : ifs.slice(0, 1)) : " ");
      }
      case "_":
        return this.st.lastArg;
    }
    const v = this.st.vars.get(name);
    if (v === undefined) return dynamicVar(this, name);
    const val = v.value;
    if (typeof val === "string" || val === undefined) return val;
    return val instanceof Map ? val.get("0") : val.get(0);
  }

  /** Assigns a scalar (integer attribute evaluates arithmetic; allexport exports). */
  setVar(name: string, value: string, append = false): void {
    const vars = this.st.vars;
    const raw = vars.lookup(name);
    if (raw === undefined && assignDynamic(this, name, value)) return;
    if (raw !== undefined && (raw.attrs & SLOW_ATTRS) === 0 && typeof raw.value !== "object" && name !== "GLOBIGNORE") {
      // a plain scalar: what setScalar would do, without resolving the name again
      const s = append && raw.value !== undefined ? raw.value + value : value;
      if (s.length > vars.limits.maxStringBytes) throw new LimitError("maxStringBytes", `variable ${name} too long: ${s.length} bytes`);
      raw.value = s;
      if (this.st.options.allexport) raw.attrs |= Attr.Export;
      return;
    }
    if (raw !== undefined && raw.attrs & Attr.Nameref) {
      const t = vars.resolveName(name);
      if (isElementRef(t)) {
        // `declare -n r='a[2]'; r=x` assigns the element
        const r = parseRef(t)!;
        if (typeof r.index === "object") {
          const arr = vars.get(r.name);
          const sub = simpleSubscript(this, t.slice(r.name.length + 1, -1)) ?? literalText(r.index);
          const assoc = arr !== undefined && (arr.value instanceof Map || (arr.attrs & Attr.Assoc) !== 0);
          this.setElement(r.name, assoc ? sub : Number(this.evalArithText(sub)), value, append);
          return;
        }
      }
    }
    const v = vars.get(name);
    // bash refuses a readonly variable before it evaluates an integer value
    // (the message names the variable a nameref leads to, as bash's)
    if (v !== undefined && v.attrs & Attr.Readonly) throw new FatalError(`${vars.resolveName(name) || name}: readonly variable`, 1, "command");
    if (v !== undefined && v.attrs & Attr.Integer) {
      const cur = append ? this.arith.valueOf(typeof v.value === "string" ? v.value : this.getScalar(name)) : 0;
      let n: Int;
      try {
        n = this.arith.evaluateText(value);
      } catch (e) {
        if (e instanceof ArithError) throw new FatalError(e.message, 1, "command");
        throw e;
      }
      value = intToString(append ? (typeof cur === "number" && typeof n === "number" ? cur + n : BigInt(cur) + BigInt(n)) : n);
      append = false;
    }
    try {
      vars.setScalar(name, value, append);
    } catch (e) {
      if (e instanceof VarError) throw new FatalError(e.message, 1, "command");
      throw e;
    }
    // bash's setup_glob_ignore: a non-empty GLOBIGNORE turns dotglob on (unset turns it off)
    if (name === "GLOBIGNORE" && value !== "") this.st.shopt.set("dotglob", true);
    if (this.st.options.allexport) vars.get(name)!.attrs |= Attr.Export;
  }

  /** Assigns `name[index]=value` (index a Word: arithmetic for indexed arrays, key for assoc). */
  async assignIndexed(name: string, index: Word, value: string, append = false): Promise<void> {
    const target = this.st.vars.target(name);
    if (target.attrs & Attr.Readonly) throw new FatalError(`${name}: readonly variable`, 1, "command");
    if (target.value instanceof Map || (target.value === undefined && target.attrs & Attr.Assoc)) {
      const key = await this.expandString(index);
      this.setElement(name, key, value, append);
      return;
    }
    const i = await this.arithIndex(index);
    this.setElement(name, i, value, append);
  }

  /** Sets one element (number index: indexed array, string key: assoc); `v` is `name` already resolved by `target`. */
  setElement(name: string, key: number | string, value: string, append = false, v: Var = this.st.vars.target(name)): void {
    if (v.attrs & Attr.Readonly) throw new FatalError(`${name}: readonly variable`, 1, "command");
    if (v.attrs & Attr.Integer) {
      const cur = append ? this.arith.valueOf(this.elementOf(v.value, key)) : 0;
      const n = this.arith.evaluateText(value);
      value = intToString(append ? (typeof cur === "number" && typeof n === "number" ? cur + n : BigInt(cur) + BigInt(n)) : n);
      append = false;
    }
    let val = v.value;
    if (val === undefined && v.attrs & Attr.Assoc) v.value = val = new AssocArray();
    if (val instanceof Map) {
      const k = String(key);
      const old = append ? val.get(k) : undefined;
      val.set(k, transformCase(old !== undefined ? old + value : value, v.attrs));
      return;
    }
    if (!(val instanceof IndexedArray)) {
      const arr = new IndexedArray();
      if (typeof val === "string") arr.set(0, val);
      v.value = val = arr;
    }
    let i = typeof key === "number" ? key : Number(key);
    if (i < 0) {
      i += val.end;
      if (i < 0) throw new FatalError(`${name}[${key}]: bad array subscript`, 1, "command");
    }
    const old = val.get(i);
    val.set(i, transformCase(append && old !== undefined ? old + value : value, v.attrs));
    if (this.st.options.allexport) v.attrs |= Attr.Export;
  }

  elementOf(val: unknown, key: number | string): string | undefined {
    if (val instanceof Map) return val.get(String(key));
    if (val instanceof IndexedArray) return val.get(Number(key));
    return key === 0 || key === "0" ? (val as string | undefined) : undefined;
  }

  /** Exported variables as the environment of a command (a fresh Map). */
  exportedEnv(): Map<string, string> {
    return this.st.vars.exportedAll();
  }
}

/** Attributes that make an assignment more than storing the string (see `setVar`). */
const SLOW_ATTRS = Attr.Nameref | Attr.Integer | Attr.Readonly | Attr.Lower | Attr.Upper | Attr.Capitalize;

const NULL_OUT: OutputStream = { write: () => undefined, closed: false };

/** Throws an ArithError as the FatalError that fails the command (anything else as it is). */
function commandArithError(e: unknown): never {
  if (e instanceof ArithError) throw new FatalError(e.message, 1, "command");
  throw e;
}
