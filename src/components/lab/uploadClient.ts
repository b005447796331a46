// The page's side of an upload: files over the lab's size limit are refused by their size before
// anything is read; the rest go to a worker built from the lab-upload.js chunk's text (a Blob
// URL: pages opened from file:// may not load a worker script by URL), which reads, checks,
// analyses and grades them while the page stays responsive. Where no worker can be made (a
// single-file export carries no chunk) the same job runs on the page.
import {maxLabFileBytes, oversizeMessage} from "../../lab/limits.js";
import {uploadJob, type UploadBase, type UploadOutcome, type UploadRefusal} from "./uploadJob.js";
import {decodeOutcome, type UploadProgress, type UploadReply} from "./uploadMessages.js";
import {maybePageApi} from "../../page/api.js";

/** How an upload reaches its worker; tests pass their own. */
export interface UploadOptions {
  onProgress?: (progress: UploadProgress) => void;
  /** A started upload worker, or undefined to run the job on the page (default: from the lab-upload.js chunk). */
  worker?: () => Promise<Worker | undefined>;
  /** Lets the page breathe between slices of rebuilt rows (default: a new task). */
  yieldNow?: () => Promise<void>;
}

/** Refuses files over the limit by their size alone; undefined when every file may be read. */
export function oversized(files: readonly {name: string; size: number}[], maxBytes = maxLabFileBytes): UploadRefusal | undefined {
  const over = files.filter((f) => f.size > maxBytes);
  return over.length ? {ok: false, errors: over.map((f) => oversizeMessage(f.name, f.size, maxBytes))} : undefined;
}

const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

/** Reads, analyses and grades the chosen files off the page's main thread where it can. */
export async function runUpload(
  files: File[],
  base: UploadBase,
  {onProgress = () => {}, worker = chunkWorker, yieldNow = nextTask}: UploadOptions = {}
): Promise<UploadOutcome | UploadRefusal> {
  const refused = oversized(files);
  if (refused) return refused;
  const started = await worker().catch(() => undefined);
  if (!started) return onPage(files, base, onProgress);
  try {
    const reply = await new Promise<UploadReply>((resolve, reject) => {
      started.onmessage = (event: MessageEvent<UploadProgress | UploadReply>) =>
        event.data.type === "done" ? resolve(event.data) : onProgress(event.data);
      started.onerror = (event) => reject(new Error(event.message || "the upload worker failed"));
      started.postMessage({files, base});
    });
    return await decodeOutcome(reply.outcome, yieldNow);
  } catch (error) {
    return {ok: false, errors: [(error as Error).message]};
  } finally {
    started.terminate();
  }
}

/** The job on the page's own thread: what a page without the worker chunk does. */
async function onPage(
  files: File[],
  base: UploadBase,
  onProgress: (progress: UploadProgress) => void
): Promise<UploadOutcome | UploadRefusal> {
  const list = [];
  for (const file of files) {
    onProgress({type: "progress", phase: "reading", file: file.name, done: 0, total: file.size});
    list.push({name: file.name, text: await file.text()});
  }
  const names = files.map((f) => f.name).join(", ");
  return uploadJob(list, base, (phase) => onProgress({type: "progress", phase, file: names}));
}

let source: Promise<string | undefined> | undefined;

/** The worker script's text from the lab-upload.js chunk beside client.js, loaded once on first use. */
function workerSource(): Promise<string | undefined> {
  const provided = () => {
    try {
      return maybePageApi()?.library("labUploadWorker") as string | undefined;
    } catch {
      return undefined; // not loaded (yet)
    }
  };
  if (provided()) return Promise.resolve(provided());
  source ??= new Promise((resolve) => {
    const client = [...document.scripts].find((s) => /\/client\.js(?:[?#]|$)/.test(s.src));
    if (!client) return resolve(undefined); // inlined client (a single-file export): no chunk beside it
    const script = document.createElement("script");
    script.src = new URL("lab-upload.js", client.src).href;
    script.onload = script.onerror = () => resolve(provided());
    document.head.append(script);
  });
  return source;
}

/** A worker running the chunk's script, from a Blob URL (the worker holds the Blob once constructed, so it is revoked at once). */
async function chunkWorker(): Promise<Worker | undefined> {
  const text = await workerSource();
  if (!text) return undefined;
  const url = URL.createObjectURL(new Blob([text], {type: "text/javascript"}));
  try {
    return new Worker(url);
  } finally {
    URL.revokeObjectURL(url);
  }
}
