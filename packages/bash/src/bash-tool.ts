/**
 * BashTool: the sandbox-profile shell offered to a language model as ONE tool, for tasks where
 * a filesystem is part of the job. Input `{commands, timeout_ms?}`, output `{stdout, stderr,
 * exitCode, error?}`: the same contract as ScriptedTool (@husk/tools), so every adapter of
 * @husk/tools serves both. The MemoryFs (seeded from `files`) persists across `execute()`
 * calls; shell variables, functions and options do not.
 */
import { Bash } from "./bash.js";
import type { BashOptions, ExecResult } from "./types.js";

/** A JSON value (what the schemas below are made of). */
export type BashToolJson = string | number | boolean | null | readonly BashToolJson[] | { readonly [k: string]: BashToolJson };
/** A JSON object. */
export type BashToolJsonObject = { readonly [k: string]: BashToolJson };

/** Options of `new BashTool()`: the Bash options (the profile is always `sandbox`) plus naming. */
export interface BashToolOptions extends Omit<BashOptions, "profile" | "persistState"> {
  /** The tool's name as the model sees it (default `bash`). */
  readonly name?: string;
  /** Replaces the generated one-line description. */
  readonly description?: string;
}

/** The input of `execute()`. */
export interface BashToolInput {
  readonly commands: string;
  readonly timeout_ms?: number | null;
}

/** Options of one `execute()` call. */
export interface BashToolExecuteOptions {
  /** Cancels the run (the result then has `error: "cancelled"`). */
  readonly signal?: AbortSignal;
}

/** The result of `execute()`; `error` is `timeout`, `resource_limit`, `cancelled` or `invalid_input`. */
export interface BashToolResult {
  readonly stdout: string;
  readonly stderr: string;
  readonly exitCode: number;
  readonly error?: string;
}

/** The OpenAI function-tool shape returned by `toolDefinition()`. */
export interface BashToolDefinition {
  readonly type: "function";
  readonly function: { readonly name: string; readonly description: string; readonly parameters: BashToolJsonObject };
}

const DESCRIPTION = "Run bash scripts in a sandboxed shell with a persistent in-memory filesystem";

/**
 * The stderr line of a call that ran out of `timeout_ms`: `execution timed out after 0.1s\n`
 * (seconds with one decimal). Shared by BashTool and ScriptedTool, which must say it alike.
 */
export function timeoutMessage(ms: number): string {
  return `execution timed out after ${(ms / 1000).toFixed(1)}s\n`;
}

/** See the module comment. One instance per conversation (its filesystem is the state). */
export class BashTool {
  /** The tool name (`bash` by default). */
  readonly name: string;
  /** The shell; `bash.fs` is the filesystem that persists across calls. */
  readonly bash: Bash;
  readonly #description: string | undefined;
  readonly #cwd: string;
  readonly #defaultTimeoutMs: number | undefined;

  constructor(options: BashToolOptions = {}) {
    const { name, description, ...rest } = options;
    this.name = name ?? "bash";
    this.#description = description;
    this.#cwd = options.cwd ?? "/home/user";
    this.#defaultTimeoutMs = options.limits?.timeoutMs;
    this.bash = new Bash({ ...rest, profile: "sandbox", persistState: false });
  }

  /** One line: what the tool does. */
  description(): string {
    return this.#description ?? DESCRIPTION;
  }

  /** The one-paragraph system prompt. */
  systemPrompt(): string {
    return (
      `${this.name}: run bash scripts in a sandboxed shell. The working directory is ${this.#cwd}; ` +
      "files you write persist across calls, shell variables and functions do not. " +
      "Available: bash builtins and common utilities (ls, cat, mkdir, cp, mv, rm, find, grep, sed, awk, jq, sort, uniq, cut, tr, wc, head, tail, xargs...). " +
      "There is no network and no external programs."
    );
  }

  /** Markdown help: parameters, result fields, an example. */
  help(): string {
    return [
      `# ${this.name}`,
      "",
      this.description(),
      "",
      "## Parameters",
      "",
      "| Name | Type | Required | Description |",
      "|---|---|---|---|",
      "| commands | string | yes | Bash script to run. |",
      "| timeout_ms | integer \\| null | no | Time limit for the whole call, in milliseconds. |",
      "",
      "## Result",
      "",
      "| Field | Type | Description |",
      "|---|---|---|",
      "| stdout | string | Standard output of the script. |",
      "| stderr | string | Standard error of the script. |",
      "| exit_code | integer | Exit status of the script (124 on timeout). |",
      "| error | string \\| null | Set when the run ended early: timeout, resource_limit or cancelled. |",
      "",
      "## Example",
      "",
      "```json",
      JSON.stringify({ commands: "mkdir -p out && printf 'a\\nb\\n' > out/x.txt && wc -l out/x.txt" }),
      "```",
      "",
    ].join("\n");
  }

  /** `{commands: string (required), timeout_ms: integer|null}`. */
  inputSchema(): BashToolJsonObject {
    return {
      type: "object",
      properties: {
        commands: { type: "string", description: "Bash script to run." },
        timeout_ms: { type: ["integer", "null"], minimum: 0, description: "Time limit for the whole call, in milliseconds." },
      },
      required: ["commands"],
    };
  }

  /** `{stdout, stderr, exit_code (required), error}`. */
  outputSchema(): BashToolJsonObject {
    return {
      type: "object",
      properties: {
        stdout: { type: "string", description: "Standard output of the script." },
        stderr: { type: "string", description: "Standard error of the script." },
        exit_code: { type: "integer", description: "Exit status of the script (124 on timeout)." },
        error: { type: ["string", "null"], description: "Set when the run ended early: timeout, resource_limit or cancelled." },
      },
      required: ["exit_code"],
    };
  }

  /** `{type: "function", function: {name, description, parameters}}`. */
  toolDefinition(): BashToolDefinition {
    return { type: "function", function: { name: this.name, description: this.description(), parameters: this.inputSchema() } };
  }

  /** Runs a script against the persistent filesystem. Never throws for script failures. */
  async execute(input: BashToolInput | { readonly [k: string]: unknown }, options: BashToolExecuteOptions = {}): Promise<BashToolResult> {
    const commands = input.commands;
    if (typeof commands !== "string") return invalid(`${this.name}: 'commands' must be a string\n`);
    const t = input.timeout_ms;
    if (t !== undefined && t !== null && (typeof t !== "number" || !Number.isInteger(t) || t < 0)) {
      return invalid(`${this.name}: 'timeout_ms' must be a non-negative integer\n`);
    }
    if (commands.trim() === "") return { stdout: "", stderr: "", exitCode: 0 };
    const timeoutMs = typeof t === "number" ? Math.min(t, this.#defaultTimeoutMs ?? Number.POSITIVE_INFINITY) : undefined;
    const r = await this.bash.exec(commands, { signal: options.signal, ...(timeoutMs !== undefined ? { limits: { timeoutMs } } : {}) });
    return toResult(r, timeoutMs ?? this.#defaultTimeoutMs ?? 30_000, options.signal);
  }
}

function invalid(stderr: string): BashToolResult {
  return { stdout: "", stderr, exitCode: 2, error: "invalid_input" };
}

function toResult(r: ExecResult, timeoutMs: number, signal: AbortSignal | undefined): BashToolResult {
  const kind = r.error?.kind;
  if (kind === "timeout") return { stdout: r.stdout, stderr: timeoutMessage(timeoutMs), exitCode: 124, error: "timeout" };
  if (kind === "resource_limit") return { stdout: r.stdout, stderr: r.stderr, exitCode: 1, error: "resource_limit" };
  if (kind === "cancelled" || signal?.aborted) return { stdout: r.stdout, stderr: r.stderr, exitCode: r.exitCode, error: "cancelled" };
  return { stdout: r.stdout, stderr: r.stderr, exitCode: r.exitCode };
}
