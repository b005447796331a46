// The presenter and audience windows' messages (src/client/present/sync.ts): whose messages a
// window hears (only the other window of its presentation, by event.source), what the shared
// BroadcastChannel may say (a wake-up, nothing that sets state), what a message may carry, and
// that a window takes each message once and never an older one after a newer, however copies
// and late messages interleave.
import {describe, expect, it} from "vitest";
import fc from "fast-check";
import {fromPresentation, isWake, newerOnly, readMessage, type Numbered} from "../../../src/client/present/sync.js";

const page = "/deck.html";
const wire = (fields: Record<string, unknown>) => ({tag: "queuebook-present", page, ...fields});

describe("readMessage(data, page)", () => {
  it("keeps the fields that are what they claim, and the sender's id and number", () => {
    expect(readMessage(wire({slide: 3, blackout: true, from: "ab12", seq: 7}), page)).toEqual({
      slide: 3,
      blackout: true,
      from: "ab12",
      seq: 7
    });
    expect(readMessage(wire({hello: true}), page)).toEqual({hello: true});
  });

  it("drops a number or an id that is not one, and refuses another page's or a foreign message", () => {
    for (const bad of [
      {from: "AB", seq: 1},
      {from: "ab", seq: 0},
      {from: "ab", seq: 1.5},
      {from: "<b>", seq: 2},
      {from: "ab"},
      {seq: 3},
      {from: "x".repeat(33), seq: 1}
    ]) {
      expect(readMessage(wire({slide: 2, ...bad}), page)).toEqual({slide: 2});
    }
    expect(readMessage(wire({slide: 2}), "/other.html")).toBeNull();
    expect(readMessage({page, slide: 2}, page)).toBeNull();
    expect(readMessage("slide 2", page)).toBeNull();
  });
});

describe("fromPresentation(source, windows)", () => {
  // windows as the browser shows them: a WindowProxy's `opener` is readable from any origin
  const audience = {opener: null as object | null};
  const presenterWindow = {opener: audience};
  const deckOpener = {opener: null}; // a page that opened the audience window (a "report" opening the deck)
  const otherTab = {opener: null};
  const otherPopup = {opener: otherTab};

  it("in the presenter window hears its opener only", () => {
    const windows = {self: presenterWindow, peer: audience, opener: audience, presenter: true};
    expect(fromPresentation(audience, windows)).toBe(true);
    for (const source of [presenterWindow, otherTab, otherPopup, deckOpener, null, undefined])
      expect(fromPresentation(source, windows)).toBe(false);
    expect(fromPresentation(audience, {...windows, opener: null, peer: null})).toBe(false); // opened by hand: follows nobody
  });

  it("in the audience window hears the presenter window it opened, also after a reload lost the handle", () => {
    const opened = {self: audience, peer: presenterWindow, opener: null, presenter: false};
    const reloaded = {...opened, peer: null};
    expect(fromPresentation(presenterWindow, opened)).toBe(true);
    expect(fromPresentation(presenterWindow, reloaded)).toBe(true); // its opener is this window
    for (const source of [audience, otherTab, otherPopup, null]) expect(fromPresentation(source, reloaded)).toBe(false);
  });

  it("never hears the page that opened the audience window, nor a window whose opener cannot be read", () => {
    audience.opener = deckOpener;
    try {
      expect(fromPresentation(deckOpener, {self: audience, peer: null, opener: deckOpener, presenter: false})).toBe(false);
    } finally {
      audience.opener = null;
    }
    const guarded = {
      get opener(): object {
        throw new Error("SecurityError");
      }
    };
    expect(fromPresentation(guarded, {self: audience, peer: null, opener: null, presenter: false})).toBe(false);
  });
});

describe("isWake(data, page)", () => {
  it("is the channel's one message: this page's wake-up, nothing else", () => {
    expect(isWake({tag: "queuebook-present", page, wake: true}, page)).toBe(true);
    for (const bad of [
      {tag: "queuebook-present", page, wake: 1},
      {tag: "queuebook-present", page: "/other.html", wake: true},
      {tag: "x", page, wake: true},
      wire({slide: 3, blackout: true, from: "ab", seq: 9}),
      null,
      "wake"
    ]) {
      expect(isWake(bad, page)).toBe(false);
    }
  });
});

describe("newerOnly()", () => {
  it("takes the blackout's first copy, drops a late second copy after a newer change (the audience's blackout came back on)", () => {
    const audience = newerOnly();
    const on: Numbered = {blackout: true, from: "presenter", seq: 4};
    expect(audience(on)).toBe(true);
    // the audience turns it off itself (its own message goes out, it hears none of its own)
    expect(audience({...on})).toBe(false); // a copy, late
    expect(audience({blackout: false, from: "presenter", seq: 5})).toBe(true);
  });

  it("keeps each sender's numbers apart, and lets an unnumbered message through", () => {
    const hear = newerOnly();
    expect(hear({slide: 2, from: "a", seq: 9})).toBe(true);
    expect(hear({slide: 3, from: "b", seq: 1})).toBe(true); // a reloaded window starts again at 1 under a new id
    expect(hear({slide: 4})).toBe(true);
    expect(hear({slide: 4})).toBe(true);
  });

  it("whatever the two routes' interleaving, takes the sender's messages in increasing order, each once, ending at its last", () => {
    fc.assert(
      fc.property(fc.integer({min: 1, max: 12}), fc.array(fc.boolean(), {minLength: 24, maxLength: 24}), (count, picks) => {
        // route A and route B each deliver 1..count in order; the merge takes from A or B by picks
        const a = Array.from({length: count}, (_, i) => i + 1);
        const b = [...a];
        const arrivals: number[] = [];
        for (let i = 0; a.length || b.length; i++)
          arrivals.push((picks[i % picks.length] && a.length) || !b.length ? a.shift()! : b.shift()!);
        const hear = newerOnly();
        const taken = arrivals.filter((seq) => hear({from: "p", seq}));
        for (let i = 1; i < taken.length; i++) expect(taken[i]).toBeGreaterThan(taken[i - 1]);
        expect(taken.at(-1)).toBe(count);
      })
    );
  });
});
