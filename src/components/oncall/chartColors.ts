// The on-call charts' colours: the series' lines, the reference lines and each kind of event.
// Each is the page's variable for the scheme shown (src/client/style.css sets it light and dark,
// 3:1 or more against the page), the light colour where no stylesheet sets it.

export const blue = "var(--qb-c-blue, #3b5bdb)",
  orange = "var(--qb-c-orange, #e8590c)",
  grey = "var(--qb-c-grey, #868e96)",
  red = "var(--qb-c-red, #c92a2a)";

/** The colour of each kind of event on the on-call page (also the legend's): the preset. */
export const eventColors: Readonly<Record<string, string>> = {
  deploy: "var(--qb-c-purple, #9c36b5)",
  flush: "var(--qb-c-teal, #0b7285)",
  surge: "var(--qb-c-amber, #b35900)",
  decision: "var(--qb-c-green, #2b8a3e)",
  alert: red
};

/** A colour for an event kind the options leave out. */
export const otherEvent = "var(--qb-c-violet, #5f3dc4)";
