// The on-call simulator: a pure, seeded model of a web service on call. Re-exports only.
export * from "./rng.js";
export * from "./traffic.js";
export * from "./queue.js";
export * from "./cache.js";
export * from "./database.js";
export * from "./budget.js";
export * from "./autoscaler.js";
export * from "./fleet.js";
export * from "./deploy.js";
export * from "./controls.js";
export * from "./metrics.js";
export * from "./scenarios.js";
export * from "./state.js";
export * from "./step.js";
export * from "./actions.js";
export * from "./run.js";
export * from "./link.js";
