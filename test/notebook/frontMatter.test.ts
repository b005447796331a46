import {describe, expect, it} from "vitest";
import {splitFrontMatter} from "../../src/notebook/frontMatter.js";

describe("splitFrontMatter(source)", () => {
  it("returns the source unchanged without front matter", () => {
    expect(splitFrontMatter("# Title\n\ntext\n")).toEqual({data: {}, content: "# Title\n\ntext\n", lineOffset: 0});
  });
  it("parses the YAML mapping and returns the content after the closing ---", () => {
    const split = splitFrontMatter("---\ntitle: Hello\ndescription: World\n---\n# Body\n");
    expect(split.data).toEqual({title: "Hello", description: "World"});
    expect(split.content).toBe("# Body\n");
    expect(split.error).toBeUndefined();
  });
  it("counts the front matter's lines in lineOffset (content line 1 is file line offset+1)", () => {
    const source = "---\ntitle: A\ntheme: dark\n---\nfirst body line\n";
    const split = splitFrontMatter(source);
    expect(split.lineOffset).toBe(4);
    expect(source.split("\n")[split.lineOffset]).toBe("first body line");
  });
  it("handles front matter at the end of the file without a final newline", () => {
    const split = splitFrontMatter("---\ntitle: A\n---");
    expect(split).toMatchObject({data: {title: "A"}, content: "", lineOffset: 3});
  });
  it("accepts trailing spaces after the --- lines", () => {
    expect(splitFrontMatter("--- \ntitle: A\n---\t\nbody").data).toEqual({title: "A"});
  });
  it("treats empty front matter as an empty mapping", () => {
    expect(splitFrontMatter("---\n---\nbody")).toEqual({data: {}, content: "body", lineOffset: 2});
  });
  it("keeps fields it does not know", () => {
    expect(splitFrontMatter("---\ntags: [a, b]\ncount: 3\n---\n").data).toEqual({tags: ["a", "b"], count: 3});
  });
  it("ignores --- that is not on the first line", () => {
    const source = "\n---\ntitle: A\n---\n";
    expect(splitFrontMatter(source)).toEqual({data: {}, content: source, lineOffset: 0});
  });
  it("ignores an unclosed --- block", () => {
    const source = "---\ntitle: A\nbody\n";
    expect(splitFrontMatter(source).lineOffset).toBe(0);
  });
  it("stops at the first closing ---", () => {
    const split = splitFrontMatter("---\na: 1\n---\ntext\n---\nmore\n");
    expect(split.data).toEqual({a: 1});
    expect(split.content).toBe("text\n---\nmore\n");
  });

  describe("errors", () => {
    it("reports a YAML syntax error as a warning with its file line, keeping the content", () => {
      // the bad line `bad: : :` is the file's line 3 (YAML line 2, after the opening ---)
      const split = splitFrontMatter("---\nok: 1\nbad: : :\n---\nbody\n");
      expect(split.data).toEqual({});
      expect(split.content).toBe("body\n");
      expect(split.lineOffset).toBe(4);
      expect(split.error?.message).toMatch(/^front matter: /);
      expect(split.error?.line).toBe(3);
    });
    it("reports the message's first line only", () => {
      const split = splitFrontMatter("---\na: [\n---\n");
      expect(split.error?.message).not.toContain("\n");
    });
    it("rejects a YAML list as front matter at line 2", () => {
      expect(splitFrontMatter("---\n- a\n- b\n---\nbody").error).toEqual({line: 2, message: "front matter must be a YAML mapping"});
    });
    it("rejects a YAML scalar as front matter", () => {
      const split = splitFrontMatter("---\njust text\n---\n");
      expect(split.data).toEqual({});
      expect(split.error?.message).toBe("front matter must be a YAML mapping");
    });
  });
});
