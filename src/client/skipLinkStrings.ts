// "Skip to content" in each language a shipped notebook declares. The client's other words (the
// language picker's label) are English; this one is the first thing a keyboard reaches, so it
// speaks the page's language. The Igbo is the project's own (from the seeds' "Gaa na …", go to,
// and ọdịnaya, content), awaiting a native speaker's review as the on-call page's own Igbo is.

/** The skip link's text by language code. */
export const skipTexts: Readonly<Record<string, string>> = {
  en: "Skip to content",
  hu: "Ugrás a tartalomhoz",
  pt: "Saltar para o conteúdo", // European Portuguese, as the on-call page's pt
  ig: "Gaa na ọdịnaya",
  ja: "本文へスキップ"
};

/** The text for `lang` (a BCP 47 tag: `pt-BR` reads as `pt`), English for a language without one. */
export function skipText(lang: string): string {
  const code = lang.toLowerCase();
  return skipTexts[code] ?? skipTexts[code.split("-")[0]] ?? skipTexts.en;
}
