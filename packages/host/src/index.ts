/**
 * @husk/host — the narrow waist of Husk: the Command contract, the CommandContext a command
 * sees, the FileSystem interface (with MemoryFs and DisabledFs), limits, streams and the one
 * error model, and the helpers several tools share (strftime, C printf number formatting).
 * Depends on nothing.
 */
export * from "./streams.js";
export * from "./errors.js";
export * from "./fs.js";
export * from "./limits.js";
export * from "./clock.js";
export * from "./command.js";
export * from "./disabled-fs.js";
export * from "./memory-fs.js";
export * from "./abort.js";
export * from "./lazy-command.js";
export * from "./strftime.js";
export {
  addLongDouble,
  compareLongDouble,
  type LongDouble,
  type LongDoubleParse,
  longDoubleFromNumber,
  longDoubleToNumber,
  mulLongDouble,
  parseLongDouble,
} from "./long-double.js";
export * from "./printf-number.js";
