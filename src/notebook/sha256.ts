// SHA-256 for cell ids and definition hashes, the same bytes in Node and in the browser: the
// in-page editor recompiles cells with the build's passes, and the ids it computes must match
// the page's (node:crypto is not there, and crypto.subtle is asynchronous). In Node the build
// hashes with node:crypto (native; a page's whole source in a fraction of the time), which
// gives the same digest (test/notebook/sha256.test.ts holds the two to each other).
import {sha256} from "@noble/hashes/sha2.js";
import {bytesToHex, utf8ToBytes} from "@noble/hashes/utils.js";

/** What is used of node:crypto (written out: this file is also compiled for the browser, without Node's types). */
interface NodeCrypto {
  createHash(algorithm: "sha256"): {update(text: string, encoding: "utf8"): {digest(encoding: "hex"): string}};
}
const nodeCrypto = (globalThis as {process?: {getBuiltinModule?(id: string): unknown}}).process?.getBuiltinModule?.("node:crypto") as
  | NodeCrypto
  | undefined;

/** True where the digest comes from node:crypto (Node 20.16 and later). */
export const nativeSha256 = nodeCrypto !== undefined;

/** The first `length` hex digits of the SHA-256 of `text` as UTF-8. */
export function sha256Hex(text: string, length = 64): string {
  if (nodeCrypto) return nodeCrypto.createHash("sha256").update(text, "utf8").digest("hex").slice(0, length);
  return portableSha256Hex(text, length);
}

/** sha256Hex without node:crypto, as the browser computes it. */
export function portableSha256Hex(text: string, length = 64): string {
  return bytesToHex(sha256(utf8ToBytes(text))).slice(0, length);
}
