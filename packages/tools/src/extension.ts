/**
 * ToolDefExtension: installs a group of tools (one command per tool, `help`, `discover`) into
 * any Bash, with an isolated, bounded invocation trace per build. A clone gets a new empty
 * trace; `invocationTrace()` returns the handle to keep before handing the extension to a Bash.
 */
import type { CommandRegistrar, ShellExtension } from "@husk/host";
import { ToolRegistry, ToolRegistryBuilder } from "./registry.js";
import { ToolBuilderBase } from "./tool-builder.js";
import { ToolInvocationTrace } from "./trace.js";

/** Builder of a ToolDefExtension. Each `build()` mints a fresh trace. */
export class ToolDefExtensionBuilder extends ToolBuilderBase<ToolRegistryBuilder> {
  constructor() {
    super(new ToolRegistryBuilder());
  }
  /** Builds an extension with a fresh, empty trace. */
  build(): ToolDefExtension {
    return new ToolDefExtension(this.inner.build());
  }
}

/** See the module comment. */
export class ToolDefExtension implements ShellExtension {
  readonly name = "tool-defs";
  readonly registry: ToolRegistry;
  readonly #trace = new ToolInvocationTrace();

  /** A builder. */
  static builder(): ToolDefExtensionBuilder {
    return new ToolDefExtensionBuilder();
  }
  /** Wraps a registry; the extension gets its own fresh trace. */
  constructor(registry: ToolRegistry) {
    this.registry = registry;
  }
  /** The handle of this extension's trace (shared with the extension; keep one per tenant). */
  invocationTrace(): ToolInvocationTrace {
    return this.#trace;
  }
  /** Returns and clears this extension's trace entries. */
  takeInvocations() {
    return this.#trace.take();
  }
  /** Same tools and configuration, a new empty trace. */
  clone(): ToolDefExtension {
    return new ToolDefExtension(this.registry);
  }
  /** The same tools with another sanitization setting (and a new trace). */
  sanitizeErrors(on: boolean): ToolDefExtension {
    return new ToolDefExtension(this.registry.withSanitizeErrors(on));
  }
  /** Installs the commands (host `ShellExtension`). */
  install(registrar: CommandRegistrar): void {
    for (const c of this.registry.commands(this.#trace)) registrar.register(c);
  }
}
