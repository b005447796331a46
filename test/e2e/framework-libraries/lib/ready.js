// A project module with top-level await (Framework serves ES modules; queuebook bundles it into a classic script).
const base = await Promise.resolve(40);
export const answer = base + 2;
