// The path a preview request asks for, decoded one segment at a time. Deciding on the
// decoded segments (not on a normalised URL) is what keeps `..%2f`, `%2e%2e` and dotfiles
// out: no segment may start with "." (so neither `..` nor `.env` nor `.git/`) or hide a
// separator, so the path joined to the served folder stays inside it before any link is
// followed. Everything refused here is the same 404 whether or not a file exists there.

/** A request target as the server reads it: the decoded path ("/a/b.md") and the query. */
export interface RequestPath {
  path: string;
  query: URLSearchParams;
}

/** Why a target is not served: 400 for a malformed one, 404 for one that names no servable file. */
export interface PathRefusal {
  status: 400 | 404;
  message: string;
}

/** Parses a request's target (`req.url`); a broken percent escape is a 400, a dot or separator segment a 404. */
export function requestPath(target: string): RequestPath | PathRefusal {
  // origin-form only ("/x?y"): "*" and absolute URLs ("http://host/x") are not for a file server
  if (!target.startsWith("/")) return {status: 400, message: "bad request target"};
  const q = target.indexOf("?");
  const raw = q < 0 ? target : target.slice(0, q);
  const segments = raw.slice(1).split("/");
  const decoded: string[] = [];
  for (const [i, segment] of segments.entries()) {
    let text: string;
    try {
      text = decodeURIComponent(segment);
    } catch {
      return {status: 400, message: "bad percent escape in the path"};
    }
    // an empty segment is allowed only last ("/" and "/folder/"), so "a//b" names nothing
    if (text === "" && i < segments.length - 1) return notFound;
    if (text.startsWith(".") || /[/\\\0]/.test(text)) return notFound;
    decoded.push(text);
  }
  return {path: "/" + decoded.join("/"), query: new URLSearchParams(q < 0 ? "" : target.slice(q + 1))};
}

/** A notebook's name in the events stream's `page=` parameter: servable as a path, else undefined. */
export function pageName(value: string): string | undefined {
  if (value === "") return ""; // the index
  const parsed = requestPath("/" + value.split("/").map(encodeURIComponent).join("/"));
  return "path" in parsed && !parsed.path.endsWith("/") ? parsed.path.slice(1) : undefined;
}

const notFound: PathRefusal = {status: 404, message: "not found"};
