// The URL-hash parts the shipped lesson kits define, as the export reads them (src/site/statePart.ts):
// on-call's `run=` link (src/sim/link.ts) names its language and reads as its scenario, seed,
// minute and decisions. The command line hands these to the site layer, which knows no kit.
import {decodeRunLink, encodeRunLink} from "../sim/link.js";
import type {StatePart} from "../site/statePart.js";

/** On-call's `run=` link: `v1_bad-deploy_s7_m42_hu_29rollback`. */
export const runLink: StatePart = {
  key: "run",
  language(value) {
    const result = decodeRunLink(value);
    return result.ok ? result.run.lang : undefined;
  },
  withLanguage(value, lang) {
    const result = decodeRunLink(value);
    return result.ok ? encodeRunLink({...result.run, lang}) : undefined;
  },
  words(value) {
    const result = decodeRunLink(value);
    if (!result.ok) return undefined;
    const {scenario, seed, minute, actions} = result.run;
    const decisions = actions.filter((a) => a.minute <= minute).length;
    return `scenario ${scenario}, seed ${seed}, minute ${minute}, ${decisions} decision${decisions === 1 ? "" : "s"}`;
  }
};

/** Every part the export reads. */
export const stateParts: readonly StatePart[] = [runLink];
