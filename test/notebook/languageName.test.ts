// The one languageName the course page (src/site/course.ts) and the page's picker (src/client/i18n.ts) both show.
import {describe, expect, it} from "vitest";
import {languageName} from "../../src/notebook/contract.js";

describe("languageName(code)", () => {
  it("names a language in itself, capitalised as that language does", () => {
    expect(languageName("hu")).toBe("Magyar");
    expect(languageName("pt")).toBe("Português");
    expect(languageName("ja")).toBe("日本語");
  });
  it("answers a string that is not a language code as it is", () => {
    expect(languageName("not a code")).toBe("not a code");
  });
});
