// The pure parts of an export as a report: --state and --lang made to agree (exportState.ts),
// the styles a page's code added kept for the no-script snapshot (snapshotStyles.ts), and the
// line that says what the report shows (reportHead.ts).
import {describe, expect, it} from "vitest";
import {agreeStateAndLanguage} from "../../src/site/exportState.js";
import {applySnapshotStyles, keptStyles, loadsElsewhere} from "../../src/site/snapshotStyles.js";
import {reportHead} from "../../src/site/reportHead.js";
import {relativeToPage} from "../../src/site/machineFree.js";
import {stateParts} from "../../src/cli/stateParts.js";
import type {StatePart} from "../../src/site/statePart.js";

const declared = ["en", "hu", "pt", "ig"];

describe("agreeStateAndLanguage(state, lang, declared, stateParts)", () => {
  it("an explicit language wins: the run link's language part is rewritten to it", () => {
    expect(agreeStateAndLanguage("run=v1_free_s1_m0_en", "hu", declared, stateParts)).toEqual({state: "run=v1_free_s1_m0_hu", lang: "hu"});
    expect(agreeStateAndLanguage("run=v1_bad-deploy_s7_m42_hu_29rollback", "en", declared, stateParts)).toEqual({
      state: "run=v1_bad-deploy_s7_m42_en_29rollback",
      lang: "en"
    });
  });

  it("a link without a language gets the explicit one; the other parts stay as written", () => {
    expect(agreeStateAndLanguage("/3&run=v1_surge_s3_m10&x=1", "pt", declared, stateParts)).toEqual({
      state: "/3&run=v1_surge_s3_m10_pt&x=1",
      lang: "pt"
    });
  });

  it("without --lang the link's language is the export's, when the notebook declares it", () => {
    expect(agreeStateAndLanguage("run=v1_free_s1_m0_hu", undefined, declared, stateParts)).toEqual({
      state: "run=v1_free_s1_m0_hu",
      lang: "hu"
    });
    expect(agreeStateAndLanguage("run=v1_free_s1_m0_ja", undefined, declared, stateParts)).toEqual({
      state: "run=v1_free_s1_m0_ja",
      lang: undefined
    });
  });

  it("reads only the parts it is handed: with none, a run link is a hash like any other", () => {
    expect(agreeStateAndLanguage("run=v1_free_s1_m0_hu", undefined, declared)).toEqual({state: "run=v1_free_s1_m0_hu", lang: undefined});
    expect(agreeStateAndLanguage("run=v1_free_s1_m0_hu", "pt", declared)).toEqual({state: "run=v1_free_s1_m0_hu", lang: "pt"});
    // any kit's part: `deck=<name>.<lang>`
    const deck: StatePart = {
      key: "deck",
      language: (value) => value.split(".")[1],
      withLanguage: (value, lang) => `${value.split(".")[0]}.${lang}`,
      words: (value) => `deck ${value.split(".")[0]}`
    };
    expect(agreeStateAndLanguage("/2&deck=intro.hu", undefined, declared, [deck])).toEqual({state: "/2&deck=intro.hu", lang: "hu"});
    expect(agreeStateAndLanguage("/2&deck=intro.hu", "en", declared, [deck])).toEqual({state: "/2&deck=intro.en", lang: "en"});
    expect(reportHead({title: "Deck", notebook: "deck.md", page: "deck.html", hash: "deck=intro.hu", parts: [deck]})).toContain(
      "as exported: deck intro · "
    );
    expect(reportHead({title: "Deck", notebook: "deck.md", page: "deck.html", hash: "deck=intro.hu"})).toContain(
      "deck.md · as exported · "
    );
  });

  it("leaves alone what holds no run it can read: no state, no run part, a broken link or escape", () => {
    expect(agreeStateAndLanguage(undefined, "hu", declared, stateParts)).toEqual({state: undefined, lang: "hu"});
    expect(agreeStateAndLanguage("/4", "hu", declared, stateParts)).toEqual({state: "/4", lang: "hu"});
    expect(agreeStateAndLanguage("run=v9_nothing", "hu", declared, stateParts)).toEqual({state: "run=v9_nothing", lang: "hu"});
    expect(agreeStateAndLanguage("run=%E0%A4%A", "hu", declared, stateParts)).toEqual({state: "run=%E0%A4%A", lang: "hu"});
  });
});

describe("loadsElsewhere(css) and keptStyles(styles)", () => {
  it("keeps a stylesheet that loads nothing, and data: and #fragment references", () => {
    for (const css of [
      ".oc-dash { display: grid; }",
      ".a { background: url(data:image/png;base64,AAAA) }",
      ".b { fill: url(#grad) }",
      ".c { mask: url( '#m' ) }"
    ])
      expect(loadsElsewhere(css), css).toBe(false);
  });

  it("drops one that would load from elsewhere, however it is spelled", () => {
    for (const css of [
      ".a { background: url(http://x/y.png) }",
      "@import 'x.css';",
      ".a { background: image-set('x.png' 1x) }",
      ".a { background: \\75 rl(//x) }",
      ".a { b: URL( x.png ) }",
      ".a { width: expression(alert(1)) }",
      ".a { b: src(x) }"
    ])
      expect(loadsElsewhere(css), css).toBe(true);
    expect(keptStyles([".a{color:red}", ".b{background:url(https://x)}"])).toEqual([".a{color:red}"]);
  });

  it("keeps each distinct text once, in order, with every < escaped so no text ends the <style> or <noscript>", () => {
    expect(keptStyles([".a{}", ".b{}", ".a{}"])).toEqual([".a{}", ".b{}"]);
    const [kept] = keptStyles(['.a::after { content: "</style></noscript><script>x()</script>" }']);
    expect(kept).not.toContain("<");
    expect(kept).toContain("\\3C /style");
  });

  it("applySnapshotStyles(html, styles) writes them inside <noscript> at the end of <head>, and nothing when there are none", () => {
    const html = "<html><head><title>t</title></head><body></body></html>";
    expect(applySnapshotStyles(html, [".a{}"])).toBe(
      "<html><head><title>t</title><noscript><style data-qb-snapshot-style>\n.a{}\n</style></noscript>\n</head><body></body></html>"
    );
    expect(applySnapshotStyles(html, [])).toBe(html);
    expect(applySnapshotStyles(html, ["@import 'x';"])).toBe(html);
  });
});

describe("reportHead(facts)", () => {
  it("names the notebook and, for a run, its scenario, seed, minute and decisions, with the link", () => {
    const line = reportHead({
      title: "On call",
      notebook: "on-call.md",
      page: "on-call.html",
      hash: "#run=v1_bad-deploy_s7_m42_hu_29rollback_50rollback",
      parts: stateParts
    });
    expect(line).toContain("<strong>On call</strong> · on-call.md · as exported: scenario bad-deploy, seed 7, minute 42, 1 decision · ");
    expect(line).toContain(
      '<a href="#run=v1_bad-deploy_s7_m42_hu_29rollback_50rollback">on-call.html#run=v1_bad-deploy_s7_m42_hu_29rollback_50rollback</a>'
    );
    expect(line).toMatch(/^<p class="qb-report" data-qb-report data-qb-ui lang="en">/);
  });

  it("a page without state is named by its file; a hash that is no run is shown as it is", () => {
    expect(reportHead({title: "Formulas", notebook: "formulas.md", page: "formulas.html", hash: ""})).toContain(
      '<strong>Formulas</strong> · formulas.md · <a href="formulas.html">formulas.html</a>'
    );
    expect(reportHead({title: "Deck", notebook: "deck.md", page: "deck.html", hash: "/3"})).toContain(
      'deck.md · as exported · <a href="#/3">deck.html#/3</a>'
    );
  });

  it("every fact is text, never markup", () => {
    const line = reportHead({title: "<img src=x onerror=alert(1)>", notebook: "a&b.md", page: '"x".html', hash: ""});
    expect(line).not.toContain("<img");
    expect(line).toContain("&#60;img");
    expect(line).not.toContain('"x"');
  });
});

describe("relativeToPage(rendered, pageUrl)", () => {
  it("makes the page's links to itself relative, in text and attributes; an encoded copy and other addresses stay", () => {
    const page = "https://queuebook.invalid/a%20%26%20b/on-call.html";
    const link = "https://queuebook.invalid/a%20%26%20b/on-call.html#run=v1_free_s1_m0_en&x=1";
    const clean = relativeToPage(
      {
        outputs: {
          "cell-1": `<input value="${link.replace(/&/g, "&amp;")}">`,
          "cell-2": `${link} ${encodeURIComponent(link)} https://queuebook.invalid/other.html`
        },
        styles: [`.a{background:url(${page.replace("on-call.html", "x.png")})}`],
        hash: "#run=v1"
      },
      page
    );
    expect(clean.outputs["cell-1"]).toBe('<input value="on-call.html#run=v1_free_s1_m0_en&amp;x=1">');
    expect(clean.outputs["cell-2"]).toBe(
      `on-call.html#run=v1_free_s1_m0_en&x=1 ${encodeURIComponent(link)} https://queuebook.invalid/other.html`
    );
    expect(clean.styles[0]).toBe(".a{background:url(x.png)}");
    expect(clean.hash).toBe("#run=v1");
  });
});
