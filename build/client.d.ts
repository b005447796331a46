/** Builds (or reuses from cache) the browser assets; returns the folder holding them. */
export function buildClient(packageRoot: string): Promise<string>;
/** Every file buildClient writes. */
export const assets: string[];
/** The languages of the kit's words besides English (src/client/ui/), one asset `ui-<code>.js` each. */
export const uiLanguages: string[];
