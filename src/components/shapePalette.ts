// One colour per arrival shape, the same on every page that draws the shapes (the lab's figures,
// formulas.md's CV chart): a reader who learned "burst is red" in one never has to relearn it.
import {shapes} from "../lab/schedule.js";

/** Each shape's colour (Plot's observable10 first three, in the lab's shape order). */
export const shapeColors = {even: "#4269d0", poisson: "#efb118", burst: "#ff725c"} as const;

/** The palette as a Plot color scale, `{domain, range}` in the lab's order (Plot would otherwise sort the names: burst first). */
export const shapeColorScale = {domain: [...shapes] as string[], range: shapes.map((shape) => shapeColors[shape])};
