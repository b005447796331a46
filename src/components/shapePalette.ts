// One colour per arrival shape, the same on every page that draws the shapes (the lab's figures,
// formulas.md's CV chart): a reader who learned "burst is red" in one never has to relearn it.
import {shapes} from "../lab/schedule.js";

/** Each shape's colour (blue, amber, red, each at least 3:1 against the white page for chart marks, in the lab's shape order). */
export const shapeColors = {even: "#4269d0", poisson: "#a86500", burst: "#d9480f"} as const;

/** The palette as a Plot color scale, `{domain, range}` in the lab's order (Plot would otherwise sort the names: burst first). */
export const shapeColorScale = {domain: [...shapes] as string[], range: shapes.map((shape) => shapeColors[shape])};
