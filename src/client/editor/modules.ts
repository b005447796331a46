// The modules the page's bundle holds, by the specifier its cells import them with (the bundle
// hands the table to queuebook.notebook as `modules`). A cell edited in the page imports from
// here: only the page's own bundle can carry code into a static page or an export.

const modules = new Map<string, () => Promise<unknown>>();

/** Adds the bundle's table (a live update may bring more). */
export function registerModules(table: Record<string, () => Promise<unknown>>): void {
  for (const [specifier, load] of Object.entries(table)) if (typeof load === "function") modules.set(specifier, load);
}

/** The bundled module imported as `specifier`; an ImportError naming it when the page does not hold it. */
export function importModule(specifier: string): Promise<unknown> {
  const load = modules.get(specifier);
  if (load) return load();
  const error = new Error(
    `cannot import ${JSON.stringify(specifier)}: this page holds only the modules its cells imported when it was built; a new import works in \`queuebook dev\``
  );
  error.name = "ImportError";
  return Promise.reject(error);
}
