// The URL hash, shared by notebooks and presentation mode: `#` then `&`-separated parts. A part
// `/N` is the slide number (presentation mode); every other part is `key=value` (the value
// URI-encoded) and belongs to the notebook that named the key (the on-call notebook: `run=`).
// Each reader and writer touches only its own part and keeps the others.

/** The hash's parts in order (without the leading #). */
export function hashParts(hash = location.hash): string[] {
  return hash.replace(/^#/, "").split("&").filter(Boolean);
}

/** The decoded value of `key=…` in the hash, or undefined. Never throws. */
export function readHashPart(key: string, hash = location.hash): string | undefined {
  for (const part of hashParts(hash)) {
    const at = part.indexOf("=");
    if (at > 0 && part.slice(0, at) === key) {
      try {
        return decodeURIComponent(part.slice(at + 1));
      } catch {
        return undefined;
      }
    }
  }
  return undefined;
}

/** The hash with `key=value` set (or removed when value is undefined), other parts kept. */
export function withHashPart(key: string, value: string | undefined, hash = location.hash): string {
  const parts = hashParts(hash).filter((part) => part.slice(0, part.indexOf("=")) !== key);
  if (value !== undefined) parts.push(`${key}=${encodeURIComponent(value)}`);
  return parts.length ? `#${parts.join("&")}` : "";
}

/** The slide number `/N` in the hash, or undefined. */
export function readSlide(hash = location.hash): number | undefined {
  const part = hashParts(hash).find((p) => /^\/\d{1,6}$/.test(p));
  return part ? Number(part.slice(1)) : undefined;
}

/** The hash with the slide part set (or removed when undefined), other parts kept. */
export function withSlide(slide: number | undefined, hash = location.hash): string {
  const parts = hashParts(hash).filter((p) => !p.startsWith("/"));
  if (slide !== undefined) parts.unshift(`/${slide}`);
  return parts.length ? `#${parts.join("&")}` : "";
}

/** Rewrites the page's URL with `edit` without adding a history entry, reloading or firing hashchange. */
export function replaceUrl(edit: (url: URL) => void): void {
  try {
    const url = new URL(location.href);
    edit(url);
    history.replaceState(history.state, "", url.href);
  } catch {
    // a page where the URL cannot be rewritten keeps working without it
  }
}

/** Rewrites the page's hash without adding a history entry or firing hashchange. */
export function replaceHash(hash: string): void {
  replaceUrl((url) => {
    url.hash = hash;
  });
}

/** Sets `key=value` (or removes it) in the page's hash, keeping the other parts. */
export function writeHashPart(key: string, value: string | undefined): void {
  replaceHash(withHashPart(key, value));
}
