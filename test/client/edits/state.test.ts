// The edits log (src/client/edits/state.ts) with edits found in storage: they wait outside the
// log (the page is the original, nothing is replayed) until the learner applies them; a change
// meanwhile is refused rather than written over them; Apply replays them once, Discard drops them.
import {describe, expect, it} from "vitest";
import {createEdits, pendingMessage, type EditHost} from "../../../src/client/edits/state.js";
import {applyEdits, type SourceEdit} from "../../../src/notebook/source.js";
import {source, text} from "./notebook.js";

/** A host that records what it is asked to keep. */
function recordingHost(): EditHost & {kept: string[]} {
  const kept: string[] = [];
  return {kept, keep: async (_edits, value) => (kept.push(value), {ok: true})};
}

const stored: SourceEdit[] = [
  {op: "replace", block: 3, text: "const b = a * 100;"},
  {op: "insert", after: 3, block: 4, kind: "cell", lang: "js", text: "const c = 3;"}
];

describe("createEdits(source, host, stored)", () => {
  it("starts at the original with the stored edits pending: not in the log, not replayed, nothing edited", () => {
    const replays: SourceEdit[][] = [];
    const edits = createEdits(source, recordingHost(), stored);
    edits.onReplay(async (log) => void replays.push([...log]));
    expect(edits.pending()).toEqual(stored);
    expect(edits.current()).toBe(text);
    expect(edits.edited()).toBe(false);
    expect(edits.log()).toEqual([]);
    expect(edits.source(3)).toBe("const b = a + 1;");
    expect(edits.source(4)).toBeUndefined();
    expect(replays).toEqual([]);
  });

  it("refuses a change while stored edits wait, and the host is not asked to keep it", async () => {
    const host = recordingHost();
    const edits = createEdits(source, host, stored);
    let changes = 0;
    edits.onChange(() => changes++);
    expect(await edits.replace(1, "const a = 5;")).toEqual({ok: false, message: pendingMessage});
    expect(await edits.insert(1, "cell", "x").saved).toEqual({ok: false, message: pendingMessage});
    expect(await edits.remove(1)).toEqual({ok: false, message: pendingMessage});
    expect(host.kept).toEqual([]);
    expect(edits.log()).toEqual([]);
    expect(changes).toBe(0);
  });

  it("applyPending makes them the log, replays them once and counts them as kept; new blocks number after theirs", async () => {
    const host = recordingHost();
    const replays: SourceEdit[][] = [];
    const edits = createEdits(source, host, stored);
    edits.onReplay(async (log) => void replays.push([...log]));
    let changes = 0;
    edits.onChange(() => changes++);
    edits.applyPending();
    edits.applyPending(); // (a second press does nothing more)
    expect(replays).toEqual([stored]);
    expect(changes).toBe(1);
    expect(edits.pending()).toBeUndefined();
    expect(edits.current()).toBe(applyEdits(text, source.blocks, stored));
    expect(edits.edited()).toBe(true);
    expect(edits.kept(3)).toBe("const b = a * 100;");
    expect(host.kept).toEqual([]); // (already stored: nothing written again)
    expect(edits.insert(4, "prose", "More.").block).toBe(5);
    expect(await edits.replace(1, "const a = 5;")).toEqual({ok: true});
  });

  it("discardPending drops them: the page stays the original, nothing is replayed, changes are kept again", async () => {
    const host = recordingHost();
    const replays: SourceEdit[][] = [];
    const edits = createEdits(source, host, stored);
    edits.onReplay(async (log) => void replays.push([...log]));
    edits.discardPending();
    edits.applyPending(); // (nothing left to apply)
    expect(replays).toEqual([]);
    expect(edits.pending()).toBeUndefined();
    expect(edits.current()).toBe(text);
    expect(await edits.replace(1, "const a = 5;")).toEqual({ok: true});
    expect(host.kept).toEqual([text.replace("const a = 1;", "const a = 5;")]);
  });

  it("without stored edits nothing is pending and changes are kept at once", async () => {
    const host = recordingHost();
    const edits = createEdits(source, host);
    expect(edits.pending()).toBeUndefined();
    expect(await edits.replace(3, "const b = 0;")).toEqual({ok: true});
    expect(host.kept).toHaveLength(1);
  });
});
