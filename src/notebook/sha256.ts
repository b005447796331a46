// SHA-256 for cell ids and definition hashes, the same bytes in Node and in the browser: the
// in-page editor recompiles cells with the build's passes, and the ids it computes must match
// the page's (node:crypto is not there, and crypto.subtle is asynchronous).
import {sha256} from "@noble/hashes/sha2.js";
import {bytesToHex, utf8ToBytes} from "@noble/hashes/utils.js";

/** The first `length` hex digits of the SHA-256 of `text` as UTF-8. */
export function sha256Hex(text: string, length = 64): string {
  return bytesToHex(sha256(utf8ToBytes(text))).slice(0, length);
}
