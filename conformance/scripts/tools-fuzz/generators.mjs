// The table of case generators, one per tool; each takes the random helpers and returns
// `{ cmd, stdin, files? }`: a bash command line run in a directory holding `files`.
import { awkCase } from "./gen-awk.mjs";
import { cutCase, exprCase, printfCase, seqNlPasteFoldCase, sortCase, trCase, uniqCase, wcHeadTailCase } from "./gen-coreutils.mjs";
import { grepCase } from "./gen-grep.mjs";
import { sedCase } from "./gen-sed.mjs";

/** Generators by tool name. */
export const GENERATORS = {
  sed: sedCase,
  grep: grepCase,
  awk: awkCase,
  sort: sortCase,
  cut: cutCase,
  tr: trCase,
  uniq: uniqCase,
  "wc-head-tail": wcHeadTailCase,
  "seq-nl-paste-fold": seqNlPasteFoldCase,
  expr: exprCase,
  printf: printfCase,
};
