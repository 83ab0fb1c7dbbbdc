import { builtin } from "./define.js";

/** `:` — does nothing, succeeds. */
export const colon = builtin(":", "Null command.", () => 0, true);
/** `true` — succeeds. */
export const trueCmd = builtin("true", "Return a successful result.", () => 0);
/** `false` — fails. */
export const falseCmd = builtin("false", "Return an unsuccessful result.", () => 1);
