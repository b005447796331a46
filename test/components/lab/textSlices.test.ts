// Long texts between the upload worker and the page: UTF-8 bytes, transferred, decoded in slices.
import {describe, expect, it} from "vitest";
import {receiveText, sendText, textTransferables} from "../../../src/components/lab/textSlices.js";

describe("sendText(text, longer) / receiveText(sent, yieldNow, slice)", () => {
  it("sends a short text as it is, and gets it back without yielding", async () => {
    const sent = sendText("seq,arrive\n0,0.1\n", 100);
    expect(sent).toBe("seq,arrive\n0,0.1\n");
    expect(textTransferables(sent)).toEqual([]);
    let yields = 0;
    expect(await receiveText(sent, async () => void yields++)).toBe("seq,arrive\n0,0.1\n");
    expect(yields).toBe(0);
  });

  it("sends a long text as UTF-8 bytes and gets back the same text, slices ending inside a character included", async () => {
    // A leading BOM (which a default TextDecoder drops), 2-, 3- and 4-byte characters, a CRLF.
    const text = "\uFEFFseq,note\r\n" + Array.from({length: 50}, (_, k) => `${k},é€😀日本\n`).join("");
    const sent = sendText(text, 10);
    expect(typeof sent !== "string" && ArrayBuffer.isView(sent)).toBe(true);
    expect(textTransferables(sent)).toEqual([(sent as Uint8Array).buffer]);
    for (const slice of [1, 2, 3, 5, 7, 64, 1 << 20]) {
      let yields = 0;
      expect(await receiveText(sent, async () => void yields++, slice)).toBe(text);
      expect(yields).toBe(Math.ceil((sent as Uint8Array).length / slice) - 1);
    }
  });

  it("sends a long text holding a lone surrogate as it is (bytes would turn it into U+FFFD)", () => {
    const text = "a".repeat(20) + "\uD800" + "b";
    expect(sendText(text, 10)).toBe(text);
  });

  it("decodes an empty byte array to the empty text", async () => {
    expect(await receiveText(new Uint8Array(0), async () => {})).toBe("");
  });
});
