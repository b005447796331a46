// The lab's subcommand names, in the order `queuebook --help` and `queuebook lab --help` list
// them: one list both read, so the top-level help cannot leave a subcommand out.
export const labSubcommandNames = ["server", "gen", "closed", "probe", "analyze", "record", "grade", "k6"] as const;

export type LabSubcommandName = (typeof labSubcommandNames)[number];

/** The lab's one-line summary in `queuebook --help`. */
export const labSummary = `arrival-process lab tools (${labSubcommandNames.join(", ")})`;
