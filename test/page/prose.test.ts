// showLanguageBlocks, namedTexts and withNamedTexts over the page's top-level blocks: which block
// of a passage shows, what a named text gives the views, and that a named text never shows.
import {describe, expect, it} from "vitest";
import {FLOW_BOX, namedTexts, showLanguageBlocks, withNamedTexts} from "../../src/page/prose.js";
import {fakeElement as el, fakeRoot} from "../components/fakeBlocks.js";

const shown = (children: ReturnType<typeof el>[]) => children.map((c) => (c.hidden ? "-" : c.lang || c.tagName.toLowerCase()));

describe("showLanguageBlocks(lang, root)", () => {
  const page = () => [
    el("h1"),
    el("div", {lang: "en"}),
    el("div", {lang: "hu"}),
    el("div", {lang: "pt"}),
    el("p"),
    el("div", {lang: "en"}),
    el("div", {lang: "hu"})
  ];
  it("shows the block in the page's language of each passage and hides the others", () => {
    const children = page();
    expect(showLanguageBlocks("hu", fakeRoot(children))).toBe(2);
    expect(shown(children)).toEqual(["h1", "-", "hu", "-", "p", "-", "hu"]);
  });
  it("falls back to the passage's first block, and takes pt for pt-BR", () => {
    const children = page();
    showLanguageBlocks("pt-BR", fakeRoot(children));
    expect(shown(children)).toEqual(["h1", "-", "-", "pt", "p", "en", "-"]);
    showLanguageBlocks("ja", fakeRoot(children));
    expect(shown(children)).toEqual(["h1", "en", "-", "-", "p", "en", "-"]);
  });
  it("re-picks on a change of language: a block hidden before shows again", () => {
    const children = page();
    showLanguageBlocks("hu", fakeRoot(children));
    showLanguageBlocks("en", fakeRoot(children));
    expect(shown(children)).toEqual(["h1", "en", "-", "-", "p", "en", "-"]);
  });
  it("never shows a named text, and a named text ends the passage before it", () => {
    const children = [
      el("div", {lang: "en"}),
      el("div", {lang: "hu"}),
      el("div", {lang: "en", "data-text": "brief.surge"}),
      el("div", {lang: "hu", "data-text": "brief.surge"}),
      el("div", {lang: "en"})
    ];
    expect(showLanguageBlocks("hu", fakeRoot(children))).toBe(2);
    expect(shown(children)).toEqual(["-", "hu", "-", "-", "en"]);
  });
  it("reads a flow box's elements as the root's (the slides laid out for print), no passage spanning two boxes", () => {
    const first = [el("h2"), el("div", {lang: "en"}), el("div", {lang: "hu"})];
    const second = [el("div", {lang: "en"}), el("div", {lang: "hu"})];
    const third = [el("div", {lang: "hu"})];
    const boxes = [
      el("section", {}, "", [el("div", {[FLOW_BOX]: ""}, "", first)]),
      el("div", {[FLOW_BOX]: ""}, "", second),
      el("div", {[FLOW_BOX]: ""}, "", third)
    ];
    // (the section around `first` is no flow box, so the box inside it is not reached: `first` is left as it was)
    expect(showLanguageBlocks("hu", fakeRoot(boxes))).toBe(2);
    expect([shown(first), shown(second), shown(third)]).toEqual([["h2", "en", "hu"], ["-", "hu"], ["hu"]]);
    showLanguageBlocks("en", fakeRoot([el("div", {[FLOW_BOX]: ""}, "", first), ...boxes.slice(1)]));
    expect([shown(first), shown(second), shown(third)]).toEqual([["h2", "en", "-"], ["en", "-"], ["hu"]]);
  });
  it("leaves elements other than <div lang> alone (a <section lang>, a <div> without lang)", () => {
    const children = [el("section", {lang: "hu"}), el("div"), el("div", {lang: "en"})];
    expect(showLanguageBlocks("hu", fakeRoot(children))).toBe(1);
    expect(shown(children)).toEqual(["hu", "div", "en"]);
  });
});

describe("namedTexts(root) and withNamedTexts(tables, root)", () => {
  const children = [
    el("div", {lang: "en", "data-text": "brief.surge"}, "\n  A link to the service\nis spreading.\n"),
    el("div", {lang: "hu", "data-text": "brief.surge"}, "A szolgáltatás\u00a0linkje terjed."),
    el("div", {lang: "en"}, "Not named: prose in place."),
    el("p", {"data-text": "ignored"}, "a paragraph is no block"),
    el("div", {lang: "en", "data-text": ""}, "no key")
  ];
  it("reads each named block's text by language and key, Markdown's line breaks as spaces, a no-break space kept", () => {
    expect(namedTexts(fakeRoot(children))).toEqual({
      en: {"brief.surge": "A link to the service is spreading."},
      hu: {"brief.surge": "A szolgáltatás\u00a0linkje terjed."}
    });
  });
  it("lays the named texts over the locale tables, the first table still first (the fallback)", () => {
    const tables = withNamedTexts(
      {en: {"brief.surge": "old", play: "Play"}, hu: {play: "Lejátszás"}, pt: {play: "Reproduzir"}},
      fakeRoot(children)
    );
    expect(Object.keys(tables)).toEqual(["en", "hu", "pt"]);
    expect(tables.en).toEqual({"brief.surge": "A link to the service is spreading.", play: "Play"});
    expect(tables.hu).toEqual({play: "Lejátszás", "brief.surge": "A szolgáltatás\u00a0linkje terjed."});
    expect(tables.pt).toEqual({play: "Reproduzir"});
  });
});
