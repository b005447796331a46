// Who may write through the dev server. Reading needs only the guard (previewGuard.ts): any
// page of this machine's browser may read the notebooks. Writing (the save, save.ts, and a new
// import, devModules.ts, which reads project code beyond the served folder) also needs a secret
// that no HTTP response carries, as Jupyter does it: `queuebook dev` prints a sign-in link with a
// one-time token; the browser that opens it gets the session cookie (HttpOnly: no script reads
// it; SameSite=Strict: no other site's request carries it) and is sent on to the link's clean
// URL. A write carries that cookie and `X-Queuebook-Write: 1`, a header no other site's page
// may send without a preflight this server never grants. A page holds no secret, so a process
// that reads pages (curl, another user) learns none, and a used token signs nobody in again.
import type {IncomingMessage, ServerResponse} from "node:http";
import {randomBytes, timingSafeEqual} from "node:crypto";
import {escapeHtml} from "../notebook/parse.js";

/** The header every write carries (a cross-site form cannot set it). */
export const writeHeader = "x-queuebook-write";

/** How many unused sign-in links are kept: the oldest is dropped past this. */
const pendingLimit = 16;

/** What the server tells its access: its cookie's name, and where a new sign-in link is printed. */
export interface AccessOptions {
  /** The cookie's name (the server's port in it: a browser sends one host's cookies to every port). */
  cookieName(): string;
  /** Prints a new sign-in link (a path with its query, "/?token=…") in the terminal, when a write was refused for want of one. */
  announce(link: string): void;
}

/** The dev server's write access: sign-in links, the cookie they set, and the check of a write. */
export interface PreviewAccess {
  /** A new sign-in link to `path` (a path with `?token=…`); it works once. */
  link(path?: string): string;
  /** Answers a GET whose query has `token`: with the cookie and the link's clean URL, or 403. */
  signIn(req: IncomingMessage, res: ServerResponse, path: string, query: URLSearchParams): void;
  /** Why `req` may not write (no `X-Queuebook-Write: 1`, no or a wrong cookie), or undefined. */
  writeRefusal(req: IncomingMessage): string | undefined;
}

/** A refusal of a write endpoint: the status and one line for the page (it names no path of this machine). */
export class Refused extends Error {
  constructor(
    readonly status: number,
    message: string
  ) {
    super(message);
  }
}

/** Makes the access of one server run: a new session secret, no link given yet. */
export function previewAccess(options: AccessOptions): PreviewAccess {
  const session = secret();
  /** Unused tokens, oldest first. */
  const pending: string[] = [];
  const mint = (path: string) => {
    const token = secret();
    pending.push(token);
    if (pending.length > pendingLimit) pending.shift();
    return `${path}?token=${token}`;
  };
  const signedIn = (req: IncomingMessage) => {
    const given = cookieValue(req.headers.cookie, options.cookieName());
    return given !== undefined && sameSecret(given, session);
  };
  return {
    link: (path = "/") => mint(path),
    signIn(req, res, path, query) {
      const token = query.get("token") ?? "";
      const at = pending.findIndex((p) => sameSecret(p, token));
      query.delete("token");
      const rest = query.toString();
      const clean = rest ? `${path}?${rest}` : path;
      if (at < 0 && !signedIn(req)) {
        if (pending.length === 0) options.announce(mint("/"));
        res.writeHead(403, {...plain, "referrer-policy": "no-referrer"});
        return void res.end(
          "this sign-in link was used already or is not this server's: open the newest link the terminal running queuebook dev printed\n"
        );
      }
      if (at >= 0) pending.splice(at, 1);
      const headers = {
        "set-cookie": `${options.cookieName()}=${session}; HttpOnly; SameSite=Strict; Path=/`,
        "cache-control": "no-store",
        "referrer-policy": "no-referrer"
      };
      // A navigation from another site (the opener's file:// page, see previewOpen.ts) that was
      // redirected would stay "cross-site" and the cookie would not go with it: the page it is
      // sent on from is then this server's own, so the next request is same-origin.
      const site = req.headers["sec-fetch-site"];
      if (site === undefined || site === "none" || site === "same-origin") {
        res.writeHead(303, {...headers, location: clean});
        return void res.end();
      }
      res.writeHead(200, {...headers, "content-type": "text/html; charset=utf-8", "x-content-type-options": "nosniff"});
      const to = escapeHtml(clean);
      res.end(
        `<!doctype html><meta charset="utf-8"><meta http-equiv="refresh" content="0;url=${to}"><title>queuebook dev</title><a href="${to}">continue</a>\n`
      );
    },
    writeRefusal(req) {
      if (req.headers[writeHeader] !== "1") return "a write must say so (X-Queuebook-Write: 1)";
      if (signedIn(req)) return undefined;
      if (pending.length === 0) options.announce(mint("/"));
      return "this browser may not write to queuebook dev yet: open the sign-in link its terminal printed (it works once), then reload this page";
    }
  };
}

/** Answers a write endpoint's request: `body` as `type`, never cached, never sniffed. */
export function reply(res: ServerResponse, status: number, type: string, body: string): void {
  res.writeHead(status, {"content-type": `${type}; charset=utf-8`, "cache-control": "no-store", "x-content-type-options": "nosniff"});
  res.end(body);
}

const plain = {"content-type": "text/plain; charset=utf-8", "cache-control": "no-store", "x-content-type-options": "nosniff"};

/** 32 random bytes, base64url (43 characters). */
function secret(): string {
  return randomBytes(32).toString("base64url");
}

/** The value of cookie `name` in a Cookie header, undefined when absent. */
function cookieValue(header: string | undefined, name: string): string | undefined {
  for (const part of (header ?? "").split(";")) {
    const eq = part.indexOf("=");
    if (eq > 0 && part.slice(0, eq).trim() === name) return part.slice(eq + 1).trim();
  }
  return undefined;
}

/** Compares secrets in constant time. */
function sameSecret(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}
