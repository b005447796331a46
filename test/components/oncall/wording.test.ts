// The pt, ig and hu wording fixes of issue 19: on/off agreeing with its noun (pt), states and not
// commands for on/off (ig), no English left where the language has a word (ig), the seed's "uru"
// kept for the error budget only (ig), and no two controls with one name, no banner of unfilled
// slots (hu). Each rule over every string of its kind, not only the one reported.
import {readFileSync} from "node:fs";
import {describe, expect, it} from "vitest";
import {defaultControls} from "../../../src/sim/oncall/controls.js";
import {translator} from "../../../src/components/i18n.js";
import {describeAction, formatControl} from "../../../src/components/oncall/describe.js";
import {unitFormat, withFigures} from "../../../src/components/oncall/format.js";
import {controlOrder} from "../../../src/components/oncall/controls.js";
import {onCallMarkdown, proseBlocks, readSeed} from "./seeds.js";

const dir = new URL("../../../notebooks/locales/on-call/", import.meta.url).pathname;
const load = (lang: string): Record<string, string> => JSON.parse(readFileSync(`${dir}${lang}.json`, "utf8"));
const en = load("en");
const tables = {en, hu: load("hu"), pt: load("pt"), ig: load("ig")};
const t = (lang: string) => withFigures(translator(tables, lang), lang);
// The lesson's sentences of a language, written in on-call.md's language blocks, by named text (or passage).
const notebookIg = Object.fromEntries(
  proseBlocks(onCallMarkdown())
    .filter((b) => b.lang === "ig")
    .map((b) => [b.name ?? `passage.${b.passage}`, b.text])
);

describe("pt: on/off agree with the control's noun, as the seed writes them", () => {
  it("the heavy feature (a funcionalidade) is ligada/desligada; autoscaling (o escalonamento) ligado/desligado", () => {
    const format = unitFormat("pt");
    expect(formatControl("heavyFeature", false, t("pt"), format)).toBe("desligada");
    expect(formatControl("heavyFeature", true, t("pt"), format)).toBe("ligada");
    expect(formatControl("autoscaling", false, t("pt"), format)).toBe("desligado");
    // The seed's own help lines: "Desligado = exatamente o mínimo", "Desligada = degradação graciosa".
    const {strings} = readSeed("pt");
    expect(strings["help.autoscaling"]).toContain("Desligado =");
    expect(strings["help.heavyFeature"]).toContain("Desligada =");
    expect(describeAction({minute: 1, set: {heavyFeature: false}}, defaultControls, t("pt"), format)).toBe(
      "Funcionalidade pesada (recomendações): ligada → desligada"
    );
  });
  it("every language writes each boolean control's state, falling back to the page's on/off", () => {
    for (const lang of ["en", "hu", "ig"]) {
      expect(formatControl("heavyFeature", true, t(lang), unitFormat(lang))).toBe(
        tables[lang as keyof typeof tables]["choice.heavyFeature.on"]
      );
      expect(formatControl("autoscaling", true, t(lang), unitFormat(lang))).toBe(tables[lang as keyof typeof tables].on);
    }
  });
  it("free play is 'Modo livre' and the saturated share reads as a share that fails", () => {
    expect(tables.pt["scenario.free"]).toBe("Modo livre");
    expect(Object.values(tables.pt).join("\n")).not.toMatch(/[Jj]ogo livre|Parte falhada/);
  });
});

describe("ig: the project's own Igbo", () => {
  it("on/off are states, not the commands gbanye/gbanyụọ (the seed's 'Gbanyụọ = …' lines stay the seed's)", () => {
    for (const key of ["on", "off", "choice.heavyFeature.on", "choice.heavyFeature.off"])
      expect([key, tables.ig[key]]).not.toEqual([key, expect.stringMatching(/^gbany/i)]);
    expect(new Set(["on", "off"].map((k) => tables.ig[k])).size).toBe(2);
  });
  it("leaves no English word for which it has its own: Dashboard, Rollback, Load shedding only as a gloss in parentheses", () => {
    const seed = new Set(Object.values(readSeed("ig").strings));
    for (const [key, text] of Object.entries({...tables.ig, ...notebookIg})) {
      if (seed.has(text) || key.startsWith("relation.") || key.startsWith("source.")) continue;
      const bare = text.replace(/\([^)]*\)/g, "");
      expect([key, bare]).not.toEqual([key, expect.stringMatching(/\b(Dashboard|Rollback|[Ll]oad shedding)\b/)]);
    }
  });
  it("keeps 'uru' for the error budget, as the seed does, never for the target value", () => {
    for (const name of controlOrder)
      expect([name, tables.ig[`control.${name}`] ?? ""]).not.toEqual([name, expect.stringMatching(/\buru\b/i)]);
    expect(readSeed("ig").strings["brief.bad-deploy"]).toContain("uru mmejọ");
    expect(tables.ig["debrief.budgetLeft"]).toMatch(/^uru mmejọ/i);
  });
  it("rewrites the word-for-word lines (log.empty, notice.link, problem.too-long, brief.free)", () => {
    expect(tables.ig["log.empty"]).not.toContain("Enweghị mkpebi ọ bụla ka");
    expect(tables.ig["notice.link"]).not.toContain("kama");
    expect(tables.ig["problem.too-long"]).not.toBe("ọ dị ogologo karịa");
    expect(notebookIg["brief.free"]).toBeTruthy();
    expect(notebookIg["brief.free"]).not.toBe(
      "Ọ dịghị ihe a haziri taa. Nwalee njikwa ọ bụla ma lee ihe ọ na-eme njehie, latency na ọnụ ahịa."
    );
  });
});

describe("hu: names and the alert banner", () => {
  it("no two controls or buttons share a label, in any language", () => {
    for (const [lang, table] of Object.entries(tables)) {
      const labels = controlOrder.map((name) => table[`control.${name}`] ?? table[`button.${name}`]);
      expect([lang, new Set(labels).size]).toEqual([lang, labels.length]);
      // Nor does a label repeat as the gloss of another (the two "Célkihasználtság").
      for (const label of labels)
        expect([lang, labels.filter((other) => other !== label && other.toLowerCase().includes(label.toLowerCase()))]).toEqual([lang, []]);
    }
  });
  it("the banner is a sentence, not slots: the time carries its case ending and the threshold is named", () => {
    const banner = t("hu")("alert.banner", {clock: "09:29", minute: "29"});
    expect(banner).toBe("Égésiráta-riasztás: az 1 órás égési ráta 09:29-kor (29. perc) elérte a riasztási küszöböt (14,4×).");
    expect(Object.values(tables.hu).join("\n")).not.toMatch(/ezt: \{|ekkor: \{/);
    expect(tables.hu["control.ttlS"]).not.toMatch(/^Gyorsítótár.TTL$/);
  });
});
