// Who may talk to the preview server. It serves the notebook folder to the machine's own
// browser only: a page elsewhere must not read it, neither through DNS rebinding (a foreign
// name that resolves to 127.0.0.1, so the Host header is wrong) nor by embedding or fetching
// its URLs cross-site (the Origin and Sec-Fetch-Site headers say so). Every request passes
// through requestRefusal first, the live-update stream and the write endpoints too; only a
// sign-in link (previewAccess.ts) passes hostRefusal alone, as a browser opener's file:// page
// follows it cross-site (it carries a secret, so the site it comes from does not matter).
import type {IncomingHttpHeaders} from "node:http";

/** The loopback names the preview server answers to (with its own port). */
export const loopbackNames: readonly string[] = ["127.0.0.1", "localhost", "[::1]"];

/** The address a request must name: the server's port and the host names it answers to. */
export interface ServerAddress {
  port: number;
  /** Default: loopbackNames. */
  names?: readonly string[];
}

/** Why a request is refused (one line, naming no path), or undefined when it may be served. */
export function requestRefusal(request: {headers: IncomingHttpHeaders}, address: ServerAddress): string | undefined {
  const hostRefused = hostRefusal(request, address);
  if (hostRefused) return hostRefused;
  const names = address.names ?? loopbackNames;
  const {origin} = request.headers;
  // A browser sends Origin on cross-origin and non-GET requests; "null" is an opaque origin
  // (a sandboxed frame, a file:// page, a redirect chain), never this server.
  if (origin !== undefined && !(origin.startsWith("http://") && isServerHost(origin.slice("http://".length), names, address.port)))
    return "requests from other sites' pages are refused (Origin header)";
  // Sec-Fetch-Site covers what Origin does not: a <script src> or <img> on a foreign page.
  // Only this server's own pages ("same-origin") and the reader's own navigation ("none") pass.
  const site = request.headers["sec-fetch-site"];
  if (site !== undefined && site !== "same-origin" && site !== "none")
    return "requests from other sites' pages are refused (Sec-Fetch-Site header)";
  return undefined;
}

/** Why a request's Host is not this server's (DNS rebinding, another port), or undefined. */
export function hostRefusal(request: {headers: IncomingHttpHeaders}, address: ServerAddress): string | undefined {
  const names = address.names ?? loopbackNames;
  const {host} = request.headers;
  if (typeof host !== "string" || host === "") return "a request must say which host it is for (Host header)";
  if (!isServerHost(host, names, address.port))
    return `this server answers only to ${names.map((n) => `${n}:${address.port}`).join(", ")} (Host header)`;
  return undefined;
}

/** True when `host` (a Host header) is one of `names` with exactly `port` (no port only for 80). */
function isServerHost(host: string, names: readonly string[], port: number): boolean {
  const value = host.toLowerCase();
  return names.some((name) => value === `${name}:${port}` || (port === 80 && value === name));
}
