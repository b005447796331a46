import fc from "fast-check";
import {describe, expect, it} from "vitest";
import {nativeSha256, portableSha256Hex, sha256Hex} from "../../src/notebook/sha256.js";

describe("sha256Hex", () => {
  it("hashes with node:crypto in Node to the digest the browser's portable code computes", () => {
    // any UTF-16 text, lone surrogates too (both encode one as U+FFFD)
    fc.assert(
      fc.property(fc.string({unit: "binary"}), fc.integer({min: 1, max: 64}), (text, length) => {
        expect(sha256Hex(text, length)).toBe(portableSha256Hex(text, length));
      })
    );
  });

  it.runIf(typeof process.getBuiltinModule === "function")("takes node:crypto where Node has it", () => {
    expect(nativeSha256).toBe(true);
  });

  it("is SHA-256 of the UTF-8 bytes (the published test vector)", () => {
    expect(sha256Hex("abc")).toBe("ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
    expect(portableSha256Hex("abc", 8)).toBe("ba7816bf");
  });
});
