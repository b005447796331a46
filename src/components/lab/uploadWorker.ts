// The upload worker's body (bundled by build/client.js into the lab-upload.js chunk, which hands
// the page this script's text; the page starts it from a Blob, which works from file:// too,
// where a worker script URL is refused). It reads the chosen files itself, so their text never
// passes through the page, runs the upload job and posts progress and the outcome.
import {maxLabFileBytes, oversizeMessage} from "../../lab/limits.js";
import type {UploadedFile} from "../../lab/upload.js";
import {uploadJob} from "./uploadJob.js";
import {encodeOutcome, type UploadProgress, type UploadRequest} from "./uploadMessages.js";

const scope = globalThis as unknown as {
  postMessage(message: unknown, transfer?: Transferable[]): void;
  onmessage: ((event: MessageEvent<UploadRequest>) => void) | null;
};
const post = (message: UploadProgress) => scope.postMessage(message);

/** One file's text, read in pieces so the page can show how far it got. */
async function readText(file: File, report: (done: number) => void): Promise<string> {
  const reader = file.stream().getReader();
  const decoder = new TextDecoder();
  const parts: string[] = [];
  let done = 0;
  for (;;) {
    const piece = await reader.read();
    if (piece.done) break;
    done += piece.value.byteLength;
    parts.push(decoder.decode(piece.value, {stream: true}));
    report(done);
  }
  parts.push(decoder.decode());
  return parts.join("");
}

/** Reads every file (refusing oversized ones before reading any), then runs the job. */
async function run({files, base}: UploadRequest) {
  const oversized = files.filter((f) => f.size > maxLabFileBytes);
  if (oversized.length)
    return scope.postMessage({type: "done", outcome: {ok: false, errors: oversized.map((f) => oversizeMessage(f.name, f.size))}});
  const list: UploadedFile[] = [];
  for (const file of files) {
    let shown = -1;
    list.push({
      name: file.name,
      text: await readText(file, (done) => {
        const percent = Math.floor((done / Math.max(file.size, 1)) * 100);
        if (percent !== shown) post({type: "progress", phase: "reading", file: file.name, done, total: file.size});
        shown = percent;
      })
    });
  }
  const names = files.map((f) => f.name).join(", ");
  const {reply, transfer} = encodeOutcome(uploadJob(list, base, (phase) => post({type: "progress", phase, file: names})));
  scope.postMessage(reply, transfer);
}

scope.onmessage = (event) => {
  run(event.data).catch((error: Error) => scope.postMessage({type: "done", outcome: {ok: false, errors: [error.message]}}));
};
