/** Builds (or reuses from cache) the browser assets; returns the folder holding them. */
export function buildClient(packageRoot: string): Promise<string>;
/** Every file buildClient writes. */
export const assets: string[];
