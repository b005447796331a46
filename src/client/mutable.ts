import {observe, type Pull} from "./generators.js";

export type MutableGenerator<T> = Pull<T> & {value: T};

/**
 * Mutable(value): a generator whose current value is `.value`; assigning `.value` yields the new
 * value, so cells that reference the variable re-run. The defining cell keeps the object and can
 * assign to it from event handlers or functions it exports.
 */
export function Mutable<T>(value: T): MutableGenerator<T> {
  let notify: ((value: T) => T) | undefined;
  const generator = observe<T>((n) => {
    notify = n;
    if (value !== undefined) n(value);
  });
  return Object.defineProperty(generator, "value", {
    get: () => value,
    set: (x: T) => void notify!((value = x)),
    enumerable: true
  }) as MutableGenerator<T>;
}
