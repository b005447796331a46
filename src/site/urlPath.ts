// A page's relative path as the URL path its links use.

/** A relative path as a URL path: each segment percent-encoded ("a#b.html" → "a%23b.html"). */
export function urlPath(path: string): string {
  return path
    .split("/")
    .map((segment) => (segment === ".." || segment === "." ? segment : encodeURIComponent(segment)))
    .join("/");
}
