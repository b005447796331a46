// Under `queuebook dev`, an import the page's bundle does not hold is bundled by the dev server
// on request (src/site/devModules.ts): fetched with the page's token, run as an ES module from
// a blob: URL (the server sends one self-contained file), its default export the namespace.
// Static pages and exports have no server to ask: their ImportError stays (modules.ts).

/** The dev server's page name and token when this page came from `queuebook dev`, else undefined. */
export function devServer(): {page: string; token: string} | undefined {
  const events = document.querySelector('meta[name="queuebook-dev"]')?.getAttribute("content");
  const token = document.querySelector('meta[name="queuebook-token"]')?.getAttribute("content");
  if (!events || !token) return undefined;
  const page = new URL(events, location.href).searchParams.get("page");
  return page === null ? undefined : {page, token};
}

const loaded = new Map<string, Promise<unknown>>();

/** The module `specifier` bundled by the dev server for this page (once per specifier; a failure is retried next time). */
export function devImport(specifier: string, server: {page: string; token: string}): Promise<unknown> {
  let load = loaded.get(specifier);
  if (!load) {
    const url = `/_queuebook/module?page=${encodeURIComponent(server.page)}&specifier=${encodeURIComponent(specifier)}`;
    load = fetch(url, {headers: {"x-queuebook-token": server.token}, cache: "no-store"}).then(async (response) => {
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
