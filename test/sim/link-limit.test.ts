// decodeRunLink's one action limit (issue 15): MAX_LINK_ACTIONS actions open, one more is the
// "too-many" notice, whether or not the link has a language part, and whatever the actions are.
// Before, 1,001 actions without a language part were accepted and the page's cell then failed
// with encodeRunLink's RangeError.
import fc from "fast-check";
import {describe, expect, it} from "vitest";
import {decodeRunLink, encodeRunLink, MAX_LINK_ACTIONS} from "../../src/sim/link.js";
import {MAX_MINUTES} from "../../src/sim/kit/limits.js";

// Short actions of every form a link holds: buttons, a boolean, a number, two settings.
const actionText = fc.oneof(
  fc
    .constantFrom("rollback", "warmup", "autoscalingOn", "heavyFeatureOff", "fleetMin12", "ttlS30~sheddingShare0.5", "")
    .chain((rest) => fc.integer({min: 0, max: MAX_MINUTES - 1}).map((minute) => `${minute}${rest}`))
);

/** A link with `count` actions, with or without a language part. */
function link(count: number, lang: string | undefined, actions: string[]): string {
  const head = ["v1", "surge", "s7", "m5", ...(lang ? [lang] : [])];
  return [...head, ...Array.from({length: count}, (_, i) => actions[i % actions.length])].join("_");
}

describe("decodeRunLink(value) at MAX_LINK_ACTIONS", () => {
  it(`opens N − 1 and N actions and refuses N + 1 with one notice, with or without a language part (N = ${MAX_LINK_ACTIONS})`, () => {
    // Every offset with every language choice, each time on generated actions.
    fc.assert(
      fc.property(fc.array(actionText, {minLength: 1, maxLength: 5}), (actions) => {
        for (const offset of [-1, 0, 1]) {
          for (const lang of [undefined, "en", "ja"]) {
            const count = MAX_LINK_ACTIONS + offset;
            const result = decodeRunLink(link(count, lang, actions));
            if (offset <= 0) {
              expect(result.ok).toBe(true);
              if (!result.ok) return;
              expect(result.run.actions).toHaveLength(count);
              expect(result.run.lang).toBe(lang);
              // What the decoder accepts, the encoder writes: the page never meets a RangeError.
              expect(decodeRunLink(encodeRunLink(result.run))).toEqual(result);
            } else {
              expect(result).toMatchObject({ok: false, problem: "too-many", notice: `more than ${MAX_LINK_ACTIONS} actions`});
            }
          }
        }
      }),
      {seed: 15, numRuns: 10}
    );
  });

  it("says the same for far more actions, with or without a language part", () => {
    for (const lang of [undefined, "ja"]) {
      for (const count of [MAX_LINK_ACTIONS + 2, MAX_LINK_ACTIONS * 3]) {
        expect(decodeRunLink(link(count, lang, ["1rollback"])), `${count} ${lang}`).toMatchObject({
          problem: "too-many",
          notice: `more than ${MAX_LINK_ACTIONS} actions`
        });
      }
    }
  });
});
