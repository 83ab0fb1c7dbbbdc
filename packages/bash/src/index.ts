/**
 * @husk/bash — the facade: `new Bash(options).exec(script)`. Wires the interpreter and every
 * builtin package into one shell.
 */
export type { BashOptions, ExecOptions, ExecResult, Profile } from "./types.js";
export { Bash } from "./bash.js";
export { packageCommands, commandsOf } from "./registry.js";
export { BashTool, timeoutMessage } from "./bash-tool.js";
export type { BashToolDefinition, BashToolExecuteOptions, BashToolInput, BashToolJson, BashToolJsonObject, BashToolOptions, BashToolResult } from "./bash-tool.js";
