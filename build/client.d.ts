/** Builds (or reuses from cache) the browser assets; returns the folder holding them. */
export function buildClient(packageRoot: string): Promise<string>;
/** Which built-in names each optional chunk provides. */
export const chunks: Record<string, string[]>;
