// Strings and number formats in the page's language, for the views notebooks import. The
// strings of a notebook live in one JSON file per language (notebooks/locales/<notebook>/<lang>.json)
// so a translator reviews one file; the first table passed is the fallback.

/** A table of strings by key; values may hold `{name}` placeholders. */
export type Strings = Record<string, string>;

/** Looks a key up in the given language, falling back to the first table, then the key itself. */
export type Translate = (key: string, vars?: Record<string, string | number>) => string;

/** The translate function for `lang` over `tables` (by language code; the first is the fallback). */
export function translator(tables: Record<string, Strings>, lang: string): Translate {
  const codes = Object.keys(tables);
  const table = tables[lang] ?? tables[lang.split("-")[0]] ?? {};
  const fallback = codes.length ? tables[codes[0]] : {};
  return (key, vars) => {
    const text = Object.hasOwn(table, key) ? table[key] : Object.hasOwn(fallback, key) ? fallback[key] : key;
    if (!vars) return text;
    return text.replace(/\{(\w+)\}/g, (match, name: string) => (Object.hasOwn(vars, name) ? String(vars[name]) : match));
  };
}

/** Keys present in `reference` but missing (or empty) in `table`: what a translator still owes. */
export function missingKeys(reference: Strings, table: Strings): string[] {
  return Object.keys(reference).filter((key) => !Object.hasOwn(table, key) || table[key].trim() === "");
}

/** Formats numbers the way `lang` writes them (hu, pt: 0,0; en, ig: 0.0), with fixed digits. */
export function numberFormat(lang: string, digits = 0, options: Intl.NumberFormatOptions = {}): (value: number) => string {
  const format = new Intl.NumberFormat(lang, {
    minimumFractionDigits: digits,
    maximumFractionDigits: digits,
    useGrouping: false,
    ...options
  });
  return (value) => (Number.isFinite(value) ? format.format(value) : value > 0 ? "∞" : value < 0 ? "−∞" : "–");
}
