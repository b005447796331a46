// What a rebuild sends one open page, judged against the build that page shows: the dev
// server's race (a change's rebuild ending after a new tab's request built the file again)
// must not send the newer page the older build's cells.
import {describe, expect, it} from "vitest";
import {liveStep, sameBuild} from "../../src/site/previewPush.js";

const build = (html: string, script = "s", chunks: string[] = ["runtime.js"], markdown = html) => ({
  script,
  compiled: {html, markdown, chunks} as never
});

describe("liveStep", () => {
  it("sends nothing to a page that shows the newest build's content already, whichever build it was served", () => {
    // the page was served a request's build of the file as it is now; the rebuild that ends
    // after it read the file before (its content is not what the page is sent: the newest is)
    const served = build("<b>10</b>");
    const newest = build("<b>10</b>");
    expect(liveStep(served, newest)).toBe("none");
    expect(liveStep(build("<b>420</b>"), newest)).toBe("update");
  });

  it("reloads a page whose build is not known (an error shown, a version no longer kept) or that needs other chunks", () => {
    expect(liveStep(undefined, build("a"))).toBe("reload");
    expect(liveStep(build("a", "s", ["runtime.js"]), build("a", "s", ["runtime.js", "plot.js"]))).toBe("reload");
  });

  it("counts the script and the source as part of a build (a new version of the file for the next save)", () => {
    expect(sameBuild(build("a", "s1"), build("a", "s2"))).toBe(false);
    expect(sameBuild(build("a", "s", ["r"], "one"), build("a", "s", ["r"], "two"))).toBe(false);
    expect(sameBuild(build("a"), build("a"))).toBe(true);
  });
});
