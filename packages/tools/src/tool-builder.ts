/**
 * The tool-registration half every builder of the tool layer shares (ToolDefExtensionBuilder,
 * ScriptedToolBuilder, ScriptingToolSetBuilder): the methods that add tools and configure
 * their calls, forwarded to the builder underneath, so that they are written once.
 */
import type { ToolPolicy } from "./registry.js";
import type { ToolArgs, ToolDef } from "./tool-def.js";
import type { ToolImpl } from "./tool-impl.js";
import type { SchemaValidatorFactory } from "./validate.js";

/** Something tools are registered with (ToolRegistryBuilder, or a builder wrapping one). */
export interface ToolRegistration {
  /** Adds a ToolImpl. */
  tool(impl: ToolImpl): unknown;
  /** Adds a definition with a sync callback. */
  toolFn(def: ToolDef, fn: (args: ToolArgs) => string): unknown;
  /** Adds a definition with an async callback. */
  asyncToolFn(def: ToolDef, fn: (args: ToolArgs) => Promise<string>): unknown;
  /** Sets the policy hook of every tool call. */
  policy(fn: ToolPolicy): unknown;
  /** Replaces ajv as the JSON Schema validator (see SchemaValidatorFactory). */
  validator(factory: SchemaValidatorFactory): unknown;
  /** Sanitize callback errors (default true). */
  sanitizeErrors(on: boolean): unknown;
}

/** A builder whose tool registration goes to `inner`; every method returns `this` for chaining. */
export abstract class ToolBuilderBase<Inner extends ToolRegistration> implements ToolRegistration {
  /** The builder that receives the registrations. */
  protected readonly inner: Inner;

  constructor(inner: Inner) {
    this.inner = inner;
  }
  /** Adds a ToolImpl. */
  tool(impl: ToolImpl): this {
    this.inner.tool(impl);
    return this;
  }
  /** Adds a definition with a sync callback. */
  toolFn(def: ToolDef, fn: (args: ToolArgs) => string): this {
    this.inner.toolFn(def, fn);
    return this;
  }
  /** Adds a definition with an async callback. */
  asyncToolFn(def: ToolDef, fn: (args: ToolArgs) => Promise<string>): this {
    this.inner.asyncToolFn(def, fn);
    return this;
  }
  /** A policy hook for every tool call. */
  policy(fn: ToolPolicy): this {
    this.inner.policy(fn);
    return this;
  }
  /** Replaces ajv as the JSON Schema validator (see SchemaValidatorFactory: Workers, strict CSP). */
  validator(factory: SchemaValidatorFactory): this {
    this.inner.validator(factory);
    return this;
  }
  /** Sanitize callback errors (default true). */
  sanitizeErrors(on: boolean): this {
    this.inner.sanitizeErrors(on);
    return this;
  }
}
