// The presenter and audience windows' messages (src/client/present/sync.ts): what a message may
// carry, and that a window takes each message once and never an older one after a newer, though
// every message comes twice (postMessage and BroadcastChannel) and the two routes may cross.
import {describe, expect, it} from "vitest";
import fc from "fast-check";
import {newerOnly, readMessage, type Numbered} from "../../../src/client/present/sync.js";

const page = "/deck.html";
const wire = (fields: Record<string, unknown>) => ({tag: "queuebook-present", page, ...fields});

describe("readMessage(data, page)", () => {
  it("keeps the fields that are what they claim, and the sender's id and number", () => {
    expect(readMessage(wire({slide: 3, blackout: true, from: "ab12", seq: 7}), page)).toEqual({slide: 3, blackout: true, from: "ab12", seq: 7});
    expect(readMessage(wire({hello: true}), page)).toEqual({hello: true});
  });

  it("drops a number or an id that is not one, and refuses another page's or a foreign message", () => {
    for (const bad of [{from: "AB", seq: 1}, {from: "ab", seq: 0}, {from: "ab", seq: 1.5}, {from: "<b>", seq: 2}, {from: "ab"}, {seq: 3}, {from: "x".repeat(33), seq: 1}]) {
      expect(readMessage(wire({slide: 2, ...bad}), page)).toEqual({slide: 2});
    }
    expect(readMessage(wire({slide: 2}), "/other.html")).toBeNull();
    expect(readMessage({page, slide: 2}, page)).toBeNull();
    expect(readMessage("slide 2", page)).toBeNull();
  });
});

describe("newerOnly()", () => {
  it("takes the blackout's first copy, drops its late second copy after a newer change (the audience's blackout came back on)", () => {
    const audience = newerOnly();
    const on: Numbered = {blackout: true, from: "presenter", seq: 4};
    expect(audience(on)).toBe(true); // by postMessage
    // the audience turns it off itself (its own message goes out, it hears none of its own)
    expect(audience({...on})).toBe(false); // the BroadcastChannel copy, late
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
        for (let i = 0; a.length || b.length; i++) arrivals.push((picks[i % picks.length] && a.length) || !b.length ? a.shift()! : b.shift()!);
        const hear = newerOnly();
        const taken = arrivals.filter((seq) => hear({from: "p", seq}));
        for (let i = 1; i < taken.length; i++) expect(taken[i]).toBeGreaterThan(taken[i - 1]);
        expect(taken.at(-1)).toBe(count);
      })
    );
  });
});
