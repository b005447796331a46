// One colour per arrival shape, the same on every page that draws the shapes (the lab's figures,
// formulas.md's CV chart): a reader who learned "burst is red" in one never has to relearn it.
import {shapes} from "../lab/schedule.js";

/** Each shape's colour on the light page and on the dark one (blue, amber, red; each at least 3:1 against its page for chart marks). */
export const shapeHex = {
  light: {even: "#4269d0", poisson: "#a86500", burst: "#d9480f"},
  dark: {even: "#7d9bff", poisson: "#e0a030", burst: "#ff7d45"}
} as const;

/** What a chart draws each shape with: the page's variable for the scheme shown (src/client/style.css sets both), the light colour where it is not set. */
export const shapeColors = {
  even: `var(--qb-shape-even, ${shapeHex.light.even})`,
  poisson: `var(--qb-shape-poisson, ${shapeHex.light.poisson})`,
  burst: `var(--qb-shape-burst, ${shapeHex.light.burst})`
} as const;

/** The palette as a Plot color scale, `{domain, range}` in the lab's order (Plot would otherwise sort the names: burst first). */
export const shapeColorScale = {domain: [...shapes] as string[], range: shapes.map((shape) => shapeColors[shape])};
