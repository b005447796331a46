// The on-call charts' colours: the series' lines, the reference lines and each kind of event.

export const blue = "#3b5bdb", orange = "#e8590c", grey = "#868e96", red = "#c92a2a";

/** The colour of each kind of event on the on-call page (also the legend's): the preset. */
export const eventColors: Readonly<Record<string, string>> = {deploy: "#9c36b5", flush: "#0b7285", surge: "#b35900", decision: "#2b8a3e", alert: red};

/** A colour for an event kind the options leave out. */
export const otherEvent = "#5f3dc4";
