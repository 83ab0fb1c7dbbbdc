/**
 * What the `awk` command says about itself (name, summary, help, file access), apart from its
 * implementation so that the lazily loaded command (commands.ts) can show it without loading
 * the parser.
 */
import type { CommandInfo } from "@husk/host";

/** `awk --help`'s text. */
export const AWK_HELP = `Usage: awk [POSIX or GNU style options] -f progfile [--] file ...
Usage: awk [POSIX or GNU style options] [--] 'program' file ...
POSIX options:
\t-f progfile\t\t--file=progfile
\t-F fs\t\t\t--field-separator=fs
\t-v var=val\t\t--assign=var=val
\t-e 'program-text'\t--source='program-text'
`;

/** `awk`'s name, summary, `--help` text and file access. */
export const AWK_INFO: CommandInfo = {
  name: "awk",
  summary: "pattern scanning and text processing language",
  help: AWK_HELP,
  fileAccess: "operands",
};
