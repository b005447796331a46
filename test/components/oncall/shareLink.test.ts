// The on-call share field's link: the page's own address over HTTP; from a file, the page-relative link.
import {describe, expect, it} from "vitest";
import {shareLink} from "../../../src/components/oncall/page.js";

describe("shareLink(href)", () => {
  it("keeps an address others can open as it is", () => {
    const href = "https://example.org/course/on-call.html?lang=hu#run=v1_bad-deploy_s1_m10_hu";
    expect(shareLink(href)).toEqual({link: href, file: null});
  });
  it("makes a file's path page-relative, keeping ?lang= and the run= part, and names the file to send", () => {
    expect(shareLink("file:///home/ana/Downloads/site/on-call.html?lang=pt#run=v1_surge_s3_m40_pt_12fleetMin8")).toEqual({
      link: "on-call.html?lang=pt#run=v1_surge_s3_m40_pt_12fleetMin8",
      file: "on-call.html"
    });
    expect(shareLink("file:///C:/Users/Ana/my%20lessons/retry-storm.html#run=v1_retry-storm_s1_m5_en")).toEqual({
      link: "my lessons/retry-storm.html#run=v1_retry-storm_s1_m5_en".slice("my lessons/".length),
      file: "retry-storm.html"
    });
  });
  it("leaves what is not a URL alone", () => {
    expect(shareLink("v1_free_s1_m0")).toEqual({link: "v1_free_s1_m0", file: null});
  });
});
