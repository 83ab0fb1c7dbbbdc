import { HuskError } from "@husk/host";

/**
 * A pattern failed to compile. `message` is GNU-shaped (e.g. `Unmatched ( or \(`), without the
 * tool's name: callers prefix it (`grep: Unmatched ( or \(`). Status 2, grep's usage status.
 */
export class RegexError extends HuskError {
  constructor(message: string, status = 2) {
    super(message, status);
  }
}
