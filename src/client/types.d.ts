// Minimal typings for the untyped Observable packages the client bundles.
declare module "@observablehq/runtime" {
  export interface Observer {
    pending?(): void;
    fulfilled?(value: unknown, name?: string | null): void;
    rejected?(error: unknown, name?: string | null): void;
    _node?: Element;
  }
  export interface Variable {
    define(definition: unknown): Variable;
    define(name: string | null, definition: unknown): Variable;
    define(inputs: string[], definition: unknown): Variable;
    define(name: string | null, inputs: string[], definition: unknown): Variable;
    delete(): Variable;
  }
  export interface Module {
    variable(observer?: Observer | boolean, options?: {shadow?: Record<string, unknown>}): Variable;
    define(name: string | null, inputs: string[], definition: unknown): Variable;
    value(name: string): Promise<unknown>;
  }
  export class Runtime {
    constructor(builtins?: Record<string, unknown>, global?: (name: string) => unknown);
    module(): Module;
    dispose(): void;
  }
  export class RuntimeError extends Error {
    constructor(message: string, input?: string);
    input?: string;
  }
}

declare module "@observablehq/inspector" {
  export class Inspector {
    constructor(node: Element);
    pending(): void;
    fulfilled(value: unknown, name?: string): void;
    rejected(error: unknown, name?: string): void;
  }
}

// Shorthand: every import from it is `any`.
declare module "@observablehq/inputs";
