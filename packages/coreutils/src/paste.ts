import type { CommandContext } from "@husk/host";
import { defineCommand } from "./util/command.js";
import { reportFsError, Writer } from "./util/io.js";
import type { ParsedArgs } from "./util/options.js";
import { LineReader, openInput, StreamChunks } from "./util/stream.js";

/** Expands paste's delimiter list escapes (`\n \t \\ \0`, where `\0` is the empty delimiter). */
export function pasteDelimiters(list: string): string[] {
  const out: string[] = [];
  for (let i = 0; i < list.length; i++) {
    const c = list[i] as string;
    if (c !== "\\" || i + 1 >= list.length) {
      out.push(c);
      continue;
    }
    const n = list[++i] as string;
    out.push(n === "n" ? "\n" : n === "t" ? "\t" : n === "0" ? "" : n === "\\" ? "\\" : n);
  }
  return out.length ? out : [""];
}

async function run(ctx: CommandContext, args: ParsedArgs): Promise<number> {
  const delims = pasteDelimiters(args.get("d") ?? "\t");
  const sep = args.has("z") ? "\0" : "\n";
  const operands = args.operands.length ? args.operands : ["-"];
  // every operand is opened first (a failure ends paste before any output); the `-` operands
  // share one reader of stdin, so in parallel mode they take its lines in turn
  const readers: LineReader[] = [];
  let stdin: LineReader | undefined;
  for (const op of operands) {
    if (op === "-") {
      stdin ??= new LineReader(new StreamChunks(ctx.stdin), sep, ctx.meter);
      readers.push(stdin);
      continue;
    }
    try {
      readers.push(new LineReader(await openInput(ctx, op), sep, ctx.meter));
    } catch (e) {
      return reportFsError(ctx, op, e, "paste");
    }
  }
  const next = (r: LineReader): string | undefined | Promise<string | undefined> => {
    const l = r.nextSync();
    return l === null ? r.next() : l;
  };
  const w = new Writer(ctx.stdout);
  if (args.has("s")) {
    for (const r of readers) {
      let s = "";
      let i = 0;
      for (let l = await next(r); l !== undefined; l = await next(r)) {
        s += (i === 0 ? "" : delims[(i - 1) % delims.length]) + l;
        i++;
        if (s.length >= 65536) {
          const p = w.write(s);
          s = "";
          if (p) await p;
        }
      }
      // (with `-` more than once, stdin's lines all go to the first)
      w.write(`${s}${sep}`);
    }
  } else {
    const done = new Array<boolean>(readers.length).fill(false);
    for (;;) {
      let s = "";
      let any = false;
      for (let i = 0; i < readers.length; i++) {
        let l: string | undefined;
        if (!done[i]) {
          l = await next(readers[i] as LineReader);
          if (l === undefined) done[i] = true;
          else any = true;
        }
        s += (i === 0 ? "" : delims[(i - 1) % delims.length]) + (l ?? "");
      }
      if (!any) break;
      const p = w.write(`${s}${sep}`);
      if (p) await p;
      ctx.meter.tick();
    }
  }
  await w.flush();
  return 0;
}

/** `paste [-s] [-d LIST] [FILE]...`: merges lines of files side by side (or serially with -s). */
export const paste = defineCommand({
  name: "paste",
  summary: "merge lines of files",
  usage: `Usage: paste [OPTION]... [FILE]...
Write lines consisting of the sequentially corresponding lines from each FILE,
separated by TABs, to standard output.

  -d, --delimiters=LIST   reuse characters from LIST instead of TABs
  -s, --serial            paste one file at a time instead of in parallel`,
  options: [
    { key: "d", short: "d", long: "delimiters", arg: "required" },
    { key: "s", short: "s", long: "serial" },
    { key: "z", short: "z", long: "zero-terminated" },
  ],
  run,
});
