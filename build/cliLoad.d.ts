/** The bundled CLI's exports, and `keep()`, which writes V8's code cache when this run compiled without one. */
export function loadCli(entry: string): {exports: Record<string, any>; keep(): void};
