// Under `queuebook dev`, an import the page's bundle does not hold is bundled by the dev server
// on request (src/site/devModules.ts): fetched as a write is (the browser's session cookie and
// `X-Queuebook-Write: 1`, src/site/previewAccess.ts), run as an ES module from
// a blob: URL (the server sends one self-contained file), its default export the namespace.
// Static pages and exports have no server to ask: their ImportError stays (modules.ts).

/** The dev server's name for this page when it came from `queuebook dev`, else undefined. */
export function devServer(): {page: string} | undefined {
  const events = document.querySelector('meta[name="queuebook-dev"]')?.getAttribute("content");
  if (!events) return undefined;
  const page = new URL(events, location.href).searchParams.get("page");
  return page === null ? undefined : {page};
}

const loaded = new Map<string, Promise<unknown>>();

/** The module `specifier` bundled by the dev server for this page (once per specifier; a failure is retried next time). */
export function devImport(specifier: string, server: {page: string}): Promise<unknown> {
  let load = loaded.get(specifier);
  if (!load) {
    const url = `/_queuebook/module?page=${encodeURIComponent(server.page)}&specifier=${encodeURIComponent(specifier)}`;
    load = fetch(url, {headers: {"x-queuebook-write": "1"}, credentials: "same-origin", cache: "no-store"}).then(async (response) => {
      const text = await response.text();
      if (!response.ok) {
        const error = new Error(text.trim() || `cannot import ${JSON.stringify(specifier)} (the dev server answered ${response.status})`);
        error.name = "ImportError";
        throw error;
      }
      const blob = URL.createObjectURL(new Blob([text], {type: "text/javascript"}));
      try {
        return (await import(blob)).default;
      } finally {
        URL.revokeObjectURL(blob);
      }
    });
    load.catch(() => loaded.delete(specifier));
    loaded.set(specifier, load);
  }
  return load;
}
