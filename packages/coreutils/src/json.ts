import { type CommandContext, FsError, HuskError, UsageError } from "@husk/host";
import jsonpatch from "fast-json-patch";
import { defineCommand } from "./util/command.js";
import { readInput } from "./util/io.js";
import type { ParsedArgs } from "./util/options.js";

/** One RFC 6902 operation. */
export type PatchOperation = ReturnType<typeof jsonpatch.compare>[number];

/** RFC 6902 diff: the operations that turn `a` into `b`. */
export function jsonDiff(a: unknown, b: unknown): PatchOperation[] {
  return jsonpatch.compare(a as object, b as object);
}

/** Applies an RFC 6902 patch to a copy of `doc` (prototype changes refused). Throws HuskError on failure. */
export function jsonPatch(doc: unknown, patch: unknown): unknown {
  const err = validatePatch(patch, doc);
  if (err) throw new HuskError(`patch failed: ${err}`, 1);
  try {
    return jsonpatch.applyPatch(jsonpatch.deepClone(doc), patch as PatchOperation[], true, true, true).newDocument;
  } catch (e) {
    throw new HuskError(`patch failed: ${describe(e)}`, 1);
  }
}

/** Checks a patch (and optionally against a document); returns a message, or undefined when valid. */
export function validatePatch(patch: unknown, doc?: unknown): string | undefined {
  if (!Array.isArray(patch)) return "a patch must be a JSON array of operations";
  try {
    const e = jsonpatch.validate(patch as PatchOperation[], doc === undefined ? undefined : jsonpatch.deepClone(doc));
    return e ? describe(e) : undefined;
  } catch (e) {
    return describe(e);
  }
}

function describe(e: unknown): string {
  if (e instanceof jsonpatch.JsonPatchError) {
    const msg = e.message.split("\n")[0] ?? e.message;
    return `${e.name}${e.index !== undefined ? ` at operation ${e.index}` : ""}: ${msg}`;
  }
  return e instanceof Error ? e.message : String(e);
}

async function load(ctx: CommandContext, name: string): Promise<unknown> {
  let text: string;
  try {
    text = await readInput(ctx, name);
  } catch (e) {
    if (e instanceof FsError) throw new HuskError(`${name}: ${e.message}`, 1);
    throw e;
  }
  try {
    return JSON.parse(text);
  } catch (e) {
    throw new HuskError(`${name === "-" ? "stdin" : name}: invalid JSON: ${e instanceof Error ? e.message : "parse error"}`, 1);
  }
}

async function run(ctx: CommandContext, args: ParsedArgs): Promise<number> {
  const [sub, ...ops] = args.operands;
  const out = (v: unknown): void => {
    ctx.stdout.write(`${args.has("c") ? JSON.stringify(v) : JSON.stringify(v, null, 2)}\n`);
  };
  const arity = (n: number, min = n): void => {
    if (ops.length < min) throw new UsageError(`${sub}: missing operand`, 1);
    if (ops.length > n) throw new UsageError(`${sub}: extra operand '${ops[n]}'`, 1);
  };
  switch (sub) {
    case "patch": {
      arity(2);
      const doc = await load(ctx, ops[0] as string);
      out(jsonPatch(doc, await load(ctx, ops[1] as string)));
      return 0;
    }
    case "diff": {
      arity(2);
      out(jsonDiff(await load(ctx, ops[0] as string), await load(ctx, ops[1] as string)));
      return 0;
    }
    case "validate-patch": {
      arity(2, 1);
      const patch = await load(ctx, ops[0] as string);
      const doc = ops[1] === undefined ? undefined : await load(ctx, ops[1]);
      const err = validatePatch(patch, doc);
      if (err) {
        ctx.stderr.write(`json: invalid patch: ${err}\n`);
        return 1;
      }
      ctx.stdout.write("valid\n");
      return 0;
    }
    case undefined:
      throw new UsageError("missing subcommand (patch, diff or validate-patch)", 1);
    default:
      throw new UsageError(`unknown subcommand '${sub}' (expected patch, diff or validate-patch)`, 1);
  }
}

/**
 * `json patch DOC PATCH` (apply RFC 6902), `json diff A B` (produce RFC 6902 operations; jq
 * cannot), `json validate-patch PATCH [DOC]`. A name `-` reads stdin. Output is indented
 * with 2 spaces (`-c` compact). Bad JSON or a failing patch: a message and status 1.
 */
export const json = defineCommand({
  name: "json",
  summary: "RFC 6902 JSON patch, diff and patch validation",
  usage: `Usage: json [-c] patch DOC PATCH
  or:  json [-c] diff A B
  or:  json validate-patch PATCH [DOC]
Apply, compute or validate RFC 6902 JSON Patches. A file name '-' means standard input.

  -c, --compact   print compact JSON instead of indented`,
  options: [{ key: "c", short: "c", long: "compact" }],
  run,
});
