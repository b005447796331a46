// The dev server's one write: `POST /_queuebook/save` puts a notebook edited in the page back
// into its .md. It must not become a hole, so it answers only this server's own pages in a
// browser signed in to it: the Host is the server's loopback name and port (the server's guard,
// previewGuard.ts), the Origin is present and is the page's own (http://<that host>), the
// request carries the session cookie and `X-Queuebook-Write: 1` (previewAccess.ts) and JSON (a
// form on another site can send none of these three). It writes only an existing regular .md
// file inside the notebook folder (no link, no dot folder, no new path), only if the file is
// still the version the page last loaded or saved (else 409 and the learner's text stays in the
// editor; of saves racing on one file exactly one wins), whole or not at all (src/io/write.ts).
// Everything else is refused, with nothing written.
import type {IncomingMessage, ServerResponse} from "node:http";
import {lstat, readFile, realpath} from "node:fs/promises";
import {isAbsolute, join, sep} from "node:path";
import {writeFileAtomic, WriteError} from "../io/write.js";
import {sourceHash, type SaveRequest} from "../notebook/sourceContract.js";
import {Refused, reply} from "./previewAccess.js";

/** The save endpoint's path. */
export const savePath = "/_queuebook/save";

/** Largest save request body (the notebook as edited, as JSON): larger is 413. */
export const maxSaveBytes = 4 * 1024 * 1024;

/** What the endpoint needs from its server. */
export interface SaveOptions {
  root: string;
  /** The notebook folder's real path (links resolved). */
  realRoot: string;
  /** Why a request may not write (previewAccess.ts's writeRefusal: the cookie and X-Queuebook-Write), run after the guard. */
  access(req: IncomingMessage): string | undefined;
  /** The server's own guard (previewGuard.ts's requestRefusal: Host, Origin, Sec-Fetch-Site), run first. */
  guard(req: IncomingMessage): string | undefined;
  maxBytes?: number;
  log?: (line: string) => void;
}

/** Handles `POST /_queuebook/save`: 200 `{hash}` when written, else `{error}` with 403, 409, 413 or 400. */
export async function handleSave(req: IncomingMessage, res: ServerResponse, options: SaveOptions): Promise<void> {
  try {
    const hash = await save(req, options);
    reply(res, 200, "application/json", JSON.stringify({hash}));
  } catch (error) {
    if (!(error instanceof Refused)) throw error;
    if (error.status === 413) res.setHeader("connection", "close"); // the rest of the body is not read
    reply(res, error.status, "application/json", JSON.stringify({error: error.message}));
  }
}

async function save(req: IncomingMessage, options: SaveOptions): Promise<string> {
  const refusal = options.guard(req) ?? pageRefusal(req, options.access);
  if (refusal) throw new Refused(403, `not saved: ${refusal}`);
  const body = parseRequest(await readBody(req, options.maxBytes ?? maxSaveBytes));
  // Check, read, compare and write are one step per file: a save of a file waits for the one
  // before it, so of two saves expecting the same version exactly one finds it (the other, 409).
  await oneAtATime(join(options.realRoot, body.path), async () => {
    const file = await notebookFile(body.path, options);
    const now = await readFile(file, "utf8");
    if (sourceHash(now) !== body.expected) {
      throw new Refused(
        409,
        `not saved: ${body.path} changed on disk since this page loaded it; your text is still in the editor (copy it, then reload the page to get the file's version)`
      );
    }
    try {
      writeFileAtomic(file, body.text); // a temporary file beside it, renamed over it; never over a link, pipe or folder
    } catch (error) {
      if (error instanceof WriteError) throw new Refused(403, `not saved: ${body.path} cannot be written now`);
      throw error;
    }
  });
  options.log?.(`saved ${body.path}`);
  return sourceHash(body.text);
}

/** The last step queued per file: a map that holds only files with a save under way. */
const queued = new Map<string, Promise<unknown>>();

/** Runs `step` once every step queued before it for `key` has settled; resolves or rejects as `step` does. */
function oneAtATime<T>(key: string, step: () => Promise<T>): Promise<T> {
  const run = (queued.get(key) ?? Promise.resolve()).then(step);
  const settled = run.then(
    () => {},
    () => {}
  );
  queued.set(key, settled);
  void settled.then(() => queued.get(key) === settled && queued.delete(key));
  return run;
}

/** Why a request that passed the server's guard is still not a save from one of its pages: a POST with the page's own Origin, from a signed-in browser, as JSON. */
function pageRefusal(req: IncomingMessage, access: SaveOptions["access"]): string | undefined {
  if (req.method !== "POST") return "saving takes a POST";
  const {host, origin} = req.headers;
  if (origin === undefined || origin.toLowerCase() !== `http://${(host ?? "").toLowerCase()}`)
    return "only this server's own pages may save (Origin header)";
  if (!/^application\/json\b/i.test(req.headers["content-type"] ?? "")) return "a save is JSON (Content-Type: application/json)";
  return access(req);
}

/** The request body, refused (413) past `max` bytes without reading on. */
function readBody(req: IncomingMessage, max: number): Promise<string> {
  const declared = Number(req.headers["content-length"]);
  if (declared > max) return Promise.reject(new Refused(413, `not saved: the notebook is larger than ${max / 1024 / 1024} MB`));
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on("data", (chunk: Buffer) => {
      size += chunk.length;
      if (size > max) {
        req.pause();
        reject(new Refused(413, `not saved: the notebook is larger than ${max / 1024 / 1024} MB`));
      } else chunks.push(chunk);
    });
    req.on("end", () => resolve(Buffer.concat(chunks).toString("utf8")));
    req.on("error", reject);
  });
}

/** The body as a save request, or 400. */
function parseRequest(text: string): SaveRequest {
  let value: any;
  try {
    value = JSON.parse(text);
  } catch {
    throw new Refused(400, "not saved: the request is not JSON");
  }
  if (!value || typeof value.path !== "string" || typeof value.expected !== "string" || typeof value.text !== "string") {
    throw new Refused(400, "not saved: a save names path, expected and text");
  }
  return value;
}

/**
 * The absolute path of the notebook `path` names: a relative path to a .md file, no segment
 * empty or starting with "." (no `..`, no dot folders), an existing regular file (not a link)
 * whose real path is inside the folder's. Anything else is 403, the same whether or not
 * something exists there.
 */
async function notebookFile(path: string, options: SaveOptions): Promise<string> {
  const refuse = () => new Refused(403, "not saved: only an existing notebook (.md) inside the notebook folder can be saved");
  const segments = path.split("/");
  if (
    isAbsolute(path) ||
    path.includes("\\") ||
    path.includes("\0") ||
    !path.endsWith(".md") ||
    segments.some((s) => s === "" || s.startsWith("."))
  )
    throw refuse();
  const file = join(options.root, ...segments);
  const info = await lstat(file).catch(() => undefined);
  if (!info?.isFile()) throw refuse();
  const real = await realpath(file).catch(() => undefined);
  if (!real?.startsWith(options.realRoot + sep)) throw refuse();
  return file;
}
