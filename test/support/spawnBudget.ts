// How long spawned work may take in a test. A child process (node and its bundle check, a lab
// server, esbuild) starts in a fraction of a second on a quiet machine and in ten seconds or more
// on a loaded one (2 cores at load 15–40). A test proves what a program does, never how fast: so
// spawned work gets a budget far past what a loaded machine needs, never a number that is
// checked, and QUEUEBOOK_TEST_TIME_FACTOR (a number above 0, default 1) scales it for a machine
// slower still.

/** QUEUEBOOK_TEST_TIME_FACTOR when it is a number above 0, else 1. */
export function timeFactor(env: NodeJS.ProcessEnv = process.env): number {
  const factor = Number(env.QUEUEBOOK_TEST_TIME_FACTOR);
  return env.QUEUEBOOK_TEST_TIME_FACTOR && factor > 0 ? factor : 1;
}

/** `ms` scaled by the machine's factor. */
export function scaled(ms: number): number {
  return Math.round(ms * timeFactor());
}

/** How long one child process of the CLI may run before it is killed (and its test fails saying so). */
export const childBudgetMs = scaled(150_000);

/** The timeout of a test that runs child processes: past the budget of the children it waits on. */
export const spawningTestTimeout = scaled(300_000);
