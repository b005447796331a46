import {describe, expect, it} from "vitest";
import fc from "fast-check";
import {PROTOCOL, frameMessage, hostMessage, lessonFile, maxNotebookChars} from "../../../src/client/jupyter/protocol.js";

describe("frameMessage(data)", () => {
  it("takes each documented kind of the lesson's messages", () => {
    expect(frameMessage({qb: PROTOCOL, type: "ready"})).toEqual({qb: PROTOCOL, type: "ready"});
    expect(frameMessage({qb: PROTOCOL, type: "save", extra: 1})).toEqual({qb: PROTOCOL, type: "save"});
    expect(frameMessage({qb: PROTOCOL, type: "edited", id: 3, expected: "0123456789abcdef", text: "# x\n"})).toEqual({
      qb: PROTOCOL,
      type: "edited",
      id: 3,
      expected: "0123456789abcdef",
      text: "# x\n"
    });
    expect(frameMessage({qb: PROTOCOL, type: "read", id: 0, name: "data/x.csv"})).toEqual({
      qb: PROTOCOL,
      type: "read",
      id: 0,
      name: "data/x.csv"
    });
  });

  it("drops what is not ours, of an unknown kind, of the wrong shape or too large", () => {
    for (const data of [
      null,
      "ready",
      42,
      {type: "ready"},
      {qb: "queuebook-jupyter/2", type: "ready"},
      {qb: PROTOCOL, type: "delete", path: "x"},
      {qb: PROTOCOL, type: "save-as", path: "/etc/passwd"},
      {qb: PROTOCOL, type: "edited", id: -1, expected: "0123456789abcdef", text: ""},
      {qb: PROTOCOL, type: "edited", id: 1, expected: "not a hash", text: ""},
      {qb: PROTOCOL, type: "edited", id: 1, expected: "0123456789abcdef", text: "x".repeat(maxNotebookChars + 1)},
      {qb: PROTOCOL, type: "edited", id: 1, expected: "0123456789abcdef", text: {toString: () => "x"}},
      {qb: PROTOCOL, type: "read", id: 1, name: ""},
      {qb: PROTOCOL, type: "read", id: 1.5, name: "a"},
      {qb: PROTOCOL, type: "read", id: 1, name: "a".repeat(2000)}
    ])
      expect(frameMessage(data)).toBeUndefined();
  });

  it("never throws and never returns a kind outside the protocol, whatever it is given", () => {
    fc.assert(
      fc.property(fc.anything(), fc.constantFrom("ready", "save", "edited", "read", "open", "x"), (value, type) => {
        for (const data of [value, {qb: PROTOCOL, type, ...(typeof value === "object" && value ? value : {})}]) {
          const m = frameMessage(data);
          if (m) expect(["ready", "save", "edited", "read"]).toContain(m.type);
        }
      })
    );
  });
});

describe("hostMessage(data)", () => {
  it("takes the tab's kinds and drops the rest", () => {
    expect(hostMessage({qb: PROTOCOL, type: "open", path: "a.md", text: "x"})).toEqual({
      qb: PROTOCOL,
      type: "open",
      path: "a.md",
      text: "x"
    });
    expect(hostMessage({qb: PROTOCOL, type: "kept", id: 1, ok: true, hash: "0123456789abcdef"})?.type).toBe("kept");
    expect(hostMessage({qb: PROTOCOL, type: "kept", id: 1, ok: false, message: "no"})?.type).toBe("kept");
    expect(hostMessage({qb: PROTOCOL, type: "file", id: 1, ok: true, mimeType: "text/csv", text: "a,b"})).toMatchObject({text: "a,b"});
    expect(hostMessage({qb: PROTOCOL, type: "file", id: 1, ok: true, mimeType: "image/png", base64: "AAAA"})).toMatchObject({
      base64: "AAAA"
    });
    expect(hostMessage({qb: PROTOCOL, type: "file", id: 1, ok: true, mimeType: "image/png"})).toBeUndefined();
    expect(hostMessage({qb: PROTOCOL, type: "kept", id: 1, ok: true, hash: "zz"})).toBeUndefined();
    expect(hostMessage({qb: PROTOCOL, type: "ready"})).toBeUndefined();
  });
});

describe("lessonFile(folder, name)", () => {
  it("places a relative name in the lesson's folder", () => {
    expect(lessonFile("course/notebooks", "data/x.csv")).toEqual({path: "course/notebooks/data/x.csv"});
    expect(lessonFile("course/notebooks", "./locales/on-call/en.json")).toEqual({path: "course/notebooks/locales/on-call/en.json"});
    expect(lessonFile("", "x.json")).toEqual({path: "x.json"});
  });

  it("refuses a way out, a hidden name, an absolute path or a URL, in one line naming the file", () => {
    for (const name of [
      "../secret.txt",
      "data/../../x",
      ".git/config",
      "data/.env",
      "/etc/passwd",
      "file:///etc/passwd",
      "http://example.com/x",
      "a\\..\\b",
      "..",
      "a/./../b"
    ]) {
      const found = lessonFile("course/notebooks", name);
      expect(found, name).toHaveProperty("refused");
      expect((found as {refused: string}).refused).not.toContain("\n");
    }
  });

  it("never yields a path outside the folder or with a dot segment (property)", () => {
    fc.assert(
      fc.property(fc.array(fc.constantFrom("a", "b", ".", "..", ".x", "", "c.csv"), {maxLength: 6}), (parts) => {
        const found = lessonFile("course/nb", parts.join("/"));
        if ("path" in found) {
          expect(found.path.startsWith("course/nb/")).toBe(true);
          expect(found.path.split("/").some((s) => s.startsWith("."))).toBe(false);
        }
      })
    );
  });
});
