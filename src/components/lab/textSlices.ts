// Long texts sent between threads as UTF-8 bytes. postMessage copies a string (strings are not
// shared between threads), and the page copies a 47 MB upload's text in the one task that reads
// the message, where the new 47 MB on its heap also set off a full garbage collection: 40–60 ms
// of thread time, several hundred ms of wall time on a loaded machine. Bytes are transferred
// without a copy, and the page decodes them a slice per task, yielding between slices, so no
// task holds it for long. Short texts go as they are.

/** Texts longer than this (UTF-16 code units) travel as bytes; it is also the slice the page decodes per task (bytes, under a millisecond each). */
export const textSliceBytes = 1 << 20;

/** A text as the worker posts it: itself when short (or not well-formed UTF-16), else its UTF-8 bytes. */
export type SentText = string | Uint8Array;

/** `text` as it is sent: UTF-8 bytes when long and well-formed (so the round trip gives it back exactly), else itself. */
export function sendText(text: string, longer = textSliceBytes): SentText {
  if (text.length <= longer) return text;
  const wellFormed = (text as {isWellFormed?: () => boolean}).isWellFormed;
  if (wellFormed && !wellFormed.call(text)) return text; // a lone surrogate would come back as U+FFFD
  return new TextEncoder().encode(text);
}

/** The buffer of a text sent as bytes, to transfer; none for a string. */
export function textTransferables(sent: SentText): ArrayBuffer[] {
  return typeof sent === "string" ? [] : [sent.buffer as ArrayBuffer];
}

/** The text `sent` stands for, decoded `slice` bytes per task, awaiting `yieldNow` between slices. */
export async function receiveText(sent: SentText, yieldNow: () => Promise<void>, slice = textSliceBytes): Promise<string> {
  if (typeof sent === "string") return sent;
  // ignoreBOM: a leading U+FEFF is part of the text, as it was in the worker.
  const decoder = new TextDecoder("utf-8", {ignoreBOM: true});
  let text = "";
  for (let from = 0; from < sent.length; from += slice) {
    if (from > 0) await yieldNow();
    // A slice may end inside a character: stream keeps its first bytes for the next slice.
    text += decoder.decode(sent.subarray(from, Math.min(sent.length, from + slice)), {stream: true});
  }
  return text + decoder.decode();
}
