// The client's library against the contract: every built-in contract.ts says client.js carries
// is defined by makeLibrary, except those the runtime itself provides or a cell gets locally.
import {describe, expect, it} from "vitest";
import {chunkedBuiltins, clientBuiltins} from "../../src/notebook/contract.js";
import {makeLibrary} from "../../src/client/library.js";
import {frameworkNames} from "../../src/client/frameworkNames.js";

describe("makeLibrary", () => {
  const library = makeLibrary(
    () => ({}),
    () => ({}) as Element
  );
  it("defines every built-in of the contract (the runtime adds invalidation and visibility; display and view are per cell)", () => {
    const expected = [
      ...clientBuiltins.filter((name) => !["invalidation", "visibility", "display", "view"].includes(name)),
      ...Object.keys(chunkedBuiltins),
      ...Object.keys(frameworkNames())
    ].sort();
    expect(Object.keys(library).sort()).toEqual(expected);
  });
  it("gives htl as a namespace beside html and svg, and resize as a function", () => {
    const htl = library.htl() as {html: unknown; svg: unknown};
    expect(library.html()).toBe(htl.html);
    expect(library.svg()).toBe(htl.svg);
    expect(typeof library.resize()).toBe("function");
  });
});
