// The course page names its languages from a table (no ICU data loaded for it in a build); the
// table must say what languageName, the page picker's Intl name, says, for every language the
// course page has words in, so the two never disagree.
import {describe, expect, it} from "vitest";
import {languageName} from "../../src/notebook/contract.js";
import {courseLanguageName, courseStrings} from "../../src/site/courseStrings.js";

describe("courseLanguageName(code)", () => {
  it("names each language the course page has words in as Intl does", () => {
    for (const code of Object.keys(courseStrings)) expect(courseLanguageName(code), code).toBe(languageName(code));
  });
  it("asks Intl for any other language (a name on Object's prototype is not in the table)", () => {
    expect(courseLanguageName("de")).toBe("Deutsch");
    expect(courseLanguageName("pt-BR")).toBe(languageName("pt-BR"));
    expect(courseLanguageName("toString")).toBe(languageName("toString"));
  });
});
