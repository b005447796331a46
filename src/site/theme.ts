// Framework's themes on a queuebook page: the named palettes (air, near-midnight, coffee, …),
// light and dark (air and near-midnight), alt (the page tinted, cards plain), wide (the whole
// window) and dashboard (light + dark + alt + wide), expanded in Framework's order. A palette sets
// Framework's --theme-* variables (a project's own CSS reads them) and queuebook's page, text, code
// and card colours from them; links keep queuebook's accent (4.5:1 on every palette). A theme of
// one scheme (light only, or dark only) holds the page in it whatever the reader's system prefers:
// queuebook's whole palette of that scheme is taken from the built style.css (schemeBlocks) so
// errors, charts and code keep their contrast. Paper stays light, as queuebook's print does.

/** A Framework palette: its scheme, foreground, focus colour, and the background it gives. */
interface Palette {
  scheme: "light" | "dark";
  foreground: string;
  focus: string;
  /** The colour the theme names: the page's background ("page"), or the cards' from which the page is tinted ("cards": Framework's dark themes). */
  given: string;
  is: "page" | "cards";
  /** How much foreground tints the other background (percent). */
  mix: number;
  space?: "oklch";
}

const focus = "oklch(0.712564 0.257662 265.758)";

/** Framework 1.13's named palettes. */
export const palettes: Record<string, Palette> = {
  air: {scheme: "light", foreground: "#1b1e23", focus: "#3b5fc0", given: "#ffffff", is: "page", mix: 4},
  cotton: {scheme: "light", foreground: "#473d3a", focus: "#5028c1", given: "#efeee9", is: "page", mix: 4},
  glacier: {scheme: "light", foreground: "#1c3957", focus: "#d75c48", given: "#f4faff", is: "page", mix: 4},
  parchment: {scheme: "light", foreground: "#4a413a", focus: "#ad521f", given: "#f9f0ea", is: "page", mix: 4},
  coffee: {scheme: "dark", foreground: "#dcd2ca", focus: "#ffc4a3", given: "#140f0c", is: "cards", mix: 4},
  "deep-space": {scheme: "dark", foreground: "#e6e6e6", focus: "#bd89ff", given: "#000000", is: "page", mix: 6},
  ink: {scheme: "dark", foreground: "#ebebeb", focus, given: "#212121", is: "page", mix: 4, space: "oklch"},
  midnight: {scheme: "dark", foreground: "#ebebeb", focus, given: "#0d0d0d", is: "cards", mix: 4},
  "near-midnight": {scheme: "dark", foreground: "#dfdfd6", focus, given: "#161616", is: "cards", mix: 4},
  "ocean-floor": {scheme: "dark", foreground: "#dcdcee", focus: "#81a9f6", given: "#0b0b16", is: "cards", mix: 4},
  slate: {scheme: "dark", foreground: "#d7d7e1", focus: "#6cb0ff", given: "#1c1b25", is: "cards", mix: 4},
  stark: {scheme: "dark", foreground: "#ffffff", focus: "#fff61f", given: "#000000", is: "page", mix: 15},
  "sun-faded": {scheme: "dark", foreground: "#d4d1cf", focus: "#edae8e", given: "#333130", is: "cards", mix: 4}
};

/** Every theme name Framework knows: the palettes and the modifiers. */
export const themeNames = [...Object.keys(palettes), "light", "dark", "default", "alt", "wide", "dashboard"];

/** A page's theme, resolved: the palette of each scheme it has, and its modifiers. */
export interface Theme {
  light?: string;
  dark?: string;
  alt: boolean;
  wide: boolean;
  /** Names Framework does not know (Framework refuses them; here a warning). */
  unknown: string[];
}

/** A theme value as names: "dashboard", "air, alt", ["dark", "wide"]. */
export function themeList(value: unknown): string[] {
  if (typeof value === "string") return value.split(/[\s,]+/).filter(Boolean);
  if (Array.isArray(value)) return value.filter((v): v is string => typeof v === "string");
  return [];
}

/** Expands `names` as Framework's renderTheme does (dashboard → light, dark, alt, wide; default → light, dark; light → air; dark → near-midnight). */
export function resolveTheme(names: readonly string[]): Theme {
  const named = (scheme: "light" | "dark") => names.some((n) => n === scheme || palettes[n]?.scheme === scheme);
  const hasDefault = names.includes("default");
  const theme: Theme = {alt: false, wide: false, unknown: []};
  const expand = (name: string): string[] => {
    if (name === "dashboard") return [...(!named("light") && !named("dark") && !hasDefault ? ["light", "dark"] : []), "alt", "wide"];
    if (name === "default") return [...(!named("light") ? ["light"] : []), ...(!named("dark") ? ["dark"] : [])];
    return [name];
  };
  for (const name of names.flatMap(expand)) {
    const palette = name === "light" ? "air" : name === "dark" ? "near-midnight" : name;
    if (Object.hasOwn(palettes, palette)) theme[palettes[palette].scheme] = palette;
    else if (name === "alt") theme.alt = true;
    else if (name === "wide") theme.wide = true;
    else if (!theme.unknown.includes(name)) theme.unknown.push(name);
  }
  return theme;
}

/** The variables of palette `name`, alt or not: Framework's --theme-* and queuebook's page colours from them. */
export function paletteVariables(name: string, alt: boolean): string {
  const p = palettes[name];
  const mix = (percent: number) => `color-mix(in ${p.space ?? "srgb"}, ${p.foreground} ${percent}%, ${p.given})`;
  const tinted = mix(p.mix);
  // page and cards: the given colour and its tint, in the order of the palette; alt swaps them
  let [page, cards] = p.is === "page" ? [p.given, tinted] : [tinted, p.given];
  if (alt) [page, cards] = [cards, page];
  const vars: [string, string][] = [
    ["--theme-foreground", p.foreground],
    ["--theme-foreground-focus", p.focus],
    ["--theme-background", page],
    ["--theme-background-alt", cards],
    ["--theme-foreground-alt", mix(90)],
    ["--theme-foreground-muted", mix(60)],
    ["--theme-foreground-faint", mix(50)],
    ["--theme-foreground-fainter", mix(30)],
    ["--theme-foreground-faintest", mix(14)],
    ["--qb-bg", "var(--theme-background)"],
    ["--qb-text", "var(--theme-foreground)"],
    ["--qb-code-bg", "var(--theme-background-alt)"],
    ["--qb-tint", "var(--theme-background-alt)"],
    ["--qb-faint", "var(--theme-foreground-faintest)"],
    ["color-scheme", p.scheme]
  ];
  return vars.map(([k, v]) => `${k}: ${v};`).join(" ");
}

/** queuebook's own light and dark variables, from its built style.css (the :root block with --qb-text, and the dark scheme's block). */
export function schemeBlocks(styleCss: string): {light: string; dark: string} {
  const light = /:root\s*\{([^{}]*--qb-text\s*:[^{}]*)\}/.exec(styleCss)?.[1] ?? "";
  const dark =
    /@media screen and \(prefers-color-scheme:\s*dark\)\s*\{\s*:root:not\(\.qb-print-slides\)\s*\{([^{}]*)\}/.exec(styleCss)?.[1] ?? "";
  return {light: light.trim(), dark: dark.trim()};
}

/**
 * The CSS of a theme for `html.qb-theme`: "" when it sets no palette (queuebook's own light and
 * dark follow the reader's system, as Framework's default light + dark do).
 */
export function themeCss(theme: Theme, schemes: {light: string; dark: string}): string {
  const {light, dark, alt} = theme;
  const root = ":root.qb-theme";
  const onScreen = `${root}:not(.qb-print-slides)`;
  if (light && dark)
    return `${root} { ${paletteVariables(light, alt)} }\n@media screen and (prefers-color-scheme: dark) { ${onScreen} { ${paletteVariables(dark, alt)} } }`;
  if (light)
    return `${root} { ${paletteVariables(light, alt)} }\n@media screen and (prefers-color-scheme: dark) { ${onScreen} { ${schemes.light} ${paletteVariables(light, alt)} } }`;
  if (dark) return `@media screen { ${onScreen} { ${schemes.dark} ${paletteVariables(dark, alt)} } }`;
  return "";
}
