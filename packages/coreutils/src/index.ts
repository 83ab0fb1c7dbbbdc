/**
 * @husk/coreutils — GNU coreutils (and friends) as Husk commands. Every tool is one module
 * exporting a `Command`; `commands` lists them all for the shell's command table. Sorting and
 * comparisons use the C locale's byte order (as `LC_ALL=C`); `wc -m` counts code points.
 */
import type { Command } from "@husk/host";
import { base64 } from "./base64.js";
import { basenameCommand } from "./basename.js";
import { date } from "./date.js";
import { expr } from "./expr.js";
import { md5sum, sha1sum, sha256sum } from "./hash/sums.js";
import { json } from "./json.js";
import { column } from "./column.js";
import { comm } from "./comm.js";
import { diff } from "./diff/diff.js";
import { expand, unexpand } from "./expand.js";
import { join } from "./join.js";
import { shuf } from "./shuf.js";
import { hexdump } from "./hexdump.js";
import { od } from "./od.js";
import { xxd } from "./xxd.js";
import { split } from "./split.js";
import { bcCommand } from "./bc.js";
import { numfmt } from "./numfmt.js";
import { chmod } from "./fs/chmod.js";
import { cp } from "./fs/cp.js";
import { du } from "./fs/du.js";
import { file } from "./fs/file.js";
import { find } from "./fs/find.js";
import { ln } from "./fs/ln.js";
import { ls } from "./fs/ls.js";
import { mkdir } from "./fs/mkdir.js";
import { mktemp } from "./fs/mktemp.js";
import { mv } from "./fs/mv.js";
import { readlink } from "./fs/readlink.js";
import { realpath } from "./fs/realpath.js";
import { rm } from "./fs/rm.js";
import { stat } from "./fs/stat.js";
import { touch } from "./fs/touch.js";
import { tree } from "./fs/tree.js";
import { cat } from "./cat.js";
import { cut } from "./cut.js";
import { dirnameCommand } from "./dirname.js";
import { env } from "./env.js";
import { fold } from "./fold.js";
import { head } from "./head.js";
import { nl } from "./nl.js";
import { paste } from "./paste.js";
import { printenv } from "./printenv.js";
import { rev } from "./rev.js";
import { seq } from "./seq.js";
import { sleep } from "./sleep.js";
import { sort } from "./sort/sort.js";
import { tac } from "./tac.js";
import { tail } from "./tail.js";
import { tee } from "./tee.js";
import { timeout } from "./timeout.js";
import { tr } from "./tr.js";
import { uniq } from "./uniq.js";
import { wc } from "./wc.js";
import { xargs } from "./xargs.js";
import { yes } from "./yes.js";
import { hostname, whoami } from "./ident.js";
import { rmdir } from "./fs/rmdir.js";
import { which } from "./which.js";
import { cmp } from "./cmp.js";
import { id, uname } from "./sysinfo.js";
import { truncate } from "./truncate.js";
import { cksum } from "./hash/cksum.js";

export { base64, base64Encode, base64Decode, Base64Decoder } from "./base64.js";
export { basename, basenameCommand } from "./basename.js";
export { date, formatDate, parseDate, zoneFor } from "./date.js";
export { expr, evaluateExpr } from "./expr.js";
export { md5sum, sha1sum, sha256sum } from "./hash/sums.js";
export { md5, sha1, sha256, Md5, Sha1, Sha256, type Hasher } from "./hash/digest.js";
export { chmod } from "./fs/chmod.js";
export { parseMode } from "./fs/mode.js";
export { cp } from "./fs/cp.js";
export { du } from "./fs/du.js";
export { file, describeContent } from "./fs/file.js";
export { find } from "./fs/find.js";
export { ln } from "./fs/ln.js";
export { ls } from "./fs/ls.js";
export { mkdir } from "./fs/mkdir.js";
export { mktemp } from "./fs/mktemp.js";
export { mv } from "./fs/mv.js";
export { readlink } from "./fs/readlink.js";
export { realpath, canonicalize } from "./fs/realpath.js";
export { rm } from "./fs/rm.js";
export { stat } from "./fs/stat.js";
export { touch } from "./fs/touch.js";
export { tree } from "./fs/tree.js";
export { column, columnTable } from "./column.js";
export { comm } from "./comm.js";
export { diff } from "./diff/diff.js";
export { compareFiles, splitLines, type DiffFile } from "./diff/lines.js";
export { expand, unexpand, expandText, unexpandText } from "./expand.js";
export { join } from "./join.js";
export { shuf } from "./shuf.js";
export { hexdump } from "./hexdump.js";
export { od } from "./od.js";
export { xxd } from "./xxd.js";
export { split, splitSuffix } from "./split.js";
export { bc, bcCommand, BcSession } from "./bc.js";
export { numfmt, parseScaled, formatScaled } from "./numfmt.js";
export { json, jsonDiff, jsonPatch, validatePatch, type PatchOperation } from "./json.js";
export { cat, catFormat, type CatState } from "./cat.js";
export { cut, cutLine, parseList, type CutOptions, type Range } from "./cut.js";
export { dirname, dirnameCommand } from "./dirname.js";
export { env } from "./env.js";
export { fold, foldText } from "./fold.js";
export { head, headText } from "./head.js";
export { nl, nlText, type NlOptions } from "./nl.js";
export { paste, pasteDelimiters } from "./paste.js";
export { printenv } from "./printenv.js";
export { rev, revText } from "./rev.js";
export { seq } from "./seq.js";
export { sleep } from "./sleep.js";
export { sort, sortLines, mergeRuns, findDisorder, type SortOptions } from "./sort/sort.js";
export { parseKey, type SortKey, type Ordering } from "./sort/keys.js";
export { versionCompare } from "./sort/compare.js";
export { tac, tacText, tacRecords } from "./tac.js";
export { tail, tailText } from "./tail.js";
export { tee } from "./tee.js";
export { timeout } from "./timeout.js";
export { tr, makeTr, type TrOptions } from "./tr.js";
export { uniq, uniqLines, uniqText, UniqStream, type UniqOptions } from "./uniq.js";
export { wc, wcCount, WcCounter, type WcCounts } from "./wc.js";
export { xargs, splitXargs } from "./xargs.js";
export { yes } from "./yes.js";
export { hostname, whoami } from "./ident.js";
export { rmdir } from "./fs/rmdir.js";
export { which } from "./which.js";
export { cmp } from "./cmp.js";
export { id, uname, UNAME_FIELDS } from "./sysinfo.js";
export { truncate } from "./truncate.js";
export { cksum } from "./hash/cksum.js";
export { PosixCrc, BsdSum, SysvSum } from "./hash/checksums.js";
export { runTool, ChunkedInput, type RunToolOptions, type RunToolResult } from "./testing.js";
export { defineCommand, type ToolSpec } from "./util/command.js";
export {
  type Chunks, TextChunks, StreamChunks, openInput, forEachStream, ConcatInput, eachChunk, LineSplitter, eachBlock, forEachBlock,
  eachLine, LineReader, HeldData, readBlocks, readAllLines, type OpenErrorFormat,
} from "./util/stream.js";
export { TailWindow } from "./util/window.js";
export { parseOptions, OptionTable, OptionError, type OptionSpec, type ParsedArgs } from "./util/options.js";

/** Every command of this package, for the shell's command table. */
export const commands: Command[] = [
  cat, head, tail, wc, sort, uniq, cut, tr, seq, tee, rev, tac, nl, paste, fold,
  basenameCommand, dirnameCommand, env, printenv, yes, sleep, timeout, xargs,
  expr, date, base64, md5sum, sha1sum, sha256sum, json,
  ls, mkdir, rm, cp, mv, touch, ln, find, stat, realpath, readlink, mktemp, chmod, du, tree, file,
  column, comm, diff, join, expand, unexpand, shuf, od, xxd, hexdump, split, bcCommand, numfmt,
  rmdir, which, whoami, hostname,
  cmp, uname, id, truncate, cksum,
];
