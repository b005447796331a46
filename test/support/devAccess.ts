// Signing in to a dev server as a browser does, over raw HTTP on 127.0.0.1: follow a sign-in
// link (src/site/previewAccess.ts) and keep the cookie it sets, to send with writes.
import {request} from "node:http";

/** Follows the sign-in `link` (an absolute URL) once; resolves with the `name=value` to send as Cookie, rejects when no cookie is set. */
export function signInCookie(link: string): Promise<string> {
  const url = new URL(link);
  return new Promise((resolve, reject) => {
    const req = request(
      {host: url.hostname, port: url.port, path: url.pathname + url.search, headers: {"sec-fetch-site": "none"}},
      (res) => {
        res.resume();
        const cookie = res.headers["set-cookie"]?.[0]?.split(";")[0];
        if (res.statusCode === 303 && cookie) resolve(cookie);
        else reject(new Error(`sign-in refused: ${res.statusCode}`));
      }
    );
    req.on("error", reject);
    req.end();
  });
}

/** The headers of a save from the server's own page in a signed-in browser (Host, Origin, cookie, X-Queuebook-Write, JSON). */
export function savingHeaders(port: number, cookie: string): Record<string, string> {
  return {
    host: `127.0.0.1:${port}`,
    origin: `http://127.0.0.1:${port}`,
    cookie,
    "x-queuebook-write": "1",
    "content-type": "application/json"
  };
}
