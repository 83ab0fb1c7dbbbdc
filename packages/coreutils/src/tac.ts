import type { CommandContext } from "@husk/host";
import { defineCommand } from "./util/command.js";
import { Writer } from "./util/io.js";
import type { ParsedArgs } from "./util/options.js";
import { eachChunk, forEachStream, HeldData } from "./util/stream.js";

/**
 * The records of a text held as `chunks`, last first, as GNU tac finds them: it looks for the
 * separator from the end backwards (so an overlapping separator such as `99` in `999` matches
 * as far right as it can), and a record ends with its separator (starts with it if `before`).
 * `emit` gets each record in output order. Works across chunk boundaries, holding at most a
 * chunk and a record besides the chunks.
 */
export function tacRecords(chunks: readonly string[], sep: string, before: boolean, emit: (record: string) => void): void {
  const n = sep.length;
  let k = chunks.length - 1;
  if (k < 0) return;
  let win = chunks[k--] as string;
  // the record being found ends at `end`; the next separator must end by `limit`
  let end = win.length;
  let limit = win.length;
  for (;;) {
    const j = limit >= n ? win.lastIndexOf(sep, limit - n) : -1;
    if (j >= 0) {
      const from = before ? j : j + n;
      if (from < end) emit(win.slice(from, end));
      end = from;
      limit = j;
      continue;
    }
    if (k < 0) {
      if (end > 0) emit(win.slice(0, end));
      return;
    }
    // no separator left in the window: take in the chunk before it
    const prev = chunks[k--] as string;
    win = prev + win.slice(0, end);
    end += prev.length;
    limit += prev.length;
  }
}

/** Reverses the records of `text` separated by `sep` (the separator follows its record unless `before`). */
export function tacText(text: string, sep = "\n", before = false): string {
  const recs: string[] = [];
  tacRecords([text], sep, before, (r) => recs.push(r));
  return recs.join("");
}

async function run(ctx: CommandContext, args: ParsedArgs): Promise<number> {
  const s = args.get("s") ?? "\n";
  const sep = s === "" ? "\n" : s;
  const before = args.has("b");
  const w = new Writer(ctx.stdout);
  const status = await forEachStream(
    ctx,
    args.operands,
    async (input) => {
      // the input is held (charged to the data budget) until its last record is known
      const held = new HeldData(ctx.meter);
      try {
        // (a file's text, already in memory, is taken whole)
        const chunks: string[] = input.text !== undefined ? [input.text] : [];
        held.charge(input.text?.length ?? 0);
        if (input.text === undefined) {
          await eachChunk(input, ctx.meter, (c) => {
            held.charge(c.length);
            chunks.push(c);
          });
        }
        const out: string[] = [];
        let size = 0;
        tacRecords(chunks, sep, before, (r) => {
          out.push(r);
          size += r.length;
          if (size >= 65536) {
            w.write(out.join(""));
            out.length = 0;
            size = 0;
          }
        });
        w.write(out.join(""));
        await w.flush();
      } finally {
        held.release();
      }
    },
    "tac",
    (op, msg) => `failed to open '${op}' for reading: ${msg}`,
  );
  await w.flush();
  return status;
}

/** `tac [-b] [-s SEP] [FILE]...`: concatenates and prints files in reverse (`-r` not supported). */
export const tac = defineCommand({
  name: "tac",
  summary: "concatenate and print files in reverse",
  usage: `Usage: tac [OPTION]... [FILE]...
Write each FILE to standard output, last line first.

  -b, --before             attach the separator before instead of after
  -s, --separator=STRING   use STRING as the separator instead of newline`,
  options: [
    { key: "b", short: "b", long: "before" },
    { key: "s", short: "s", long: "separator", arg: "required" },
  ],
  run,
});
