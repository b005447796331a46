// The forms a text takes when a page encodes it, to look for a secret (a path of this machine) in
// a file whatever a cell did to it: as written, URI-encoded (both ways), escape()d, HTML-escaped,
// hex, and base64 at each of the three alignments it can start at inside a longer text (the
// characters its neighbours share dropped at both ends).

/** [how, form] for each encoding of `secret` (forms equal to another are kept once). */
export function encodedForms(secret: string): [string, string][] {
  const html = secret.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");
  const forms: [string, string][] = [
    ["raw", secret],
    ["encodeURIComponent", encodeURIComponent(secret)],
    ["encodeURI", encodeURI(secret)],
    ["escape", escape(secret)],
    ["HTML-escaped", html],
    ["hex", Array.from(Buffer.from(secret), (b) => b.toString(16).padStart(2, "0")).join("")]
  ];
  for (let shift = 0; shift < 3; shift++) {
    // base64 of the secret after `shift` bytes of anything: the whole 4-character groups that hold only its bytes
    const encoded = Buffer.concat([Buffer.alloc(shift), Buffer.from(secret)]).toString("base64");
    const first = Math.ceil(shift / 3) * 4,
      last = Math.floor((shift + Buffer.byteLength(secret)) / 3) * 4;
    if (last > first) forms.push([`base64+${shift}`, encoded.slice(first, last)]);
  }
  const seen = new Set<string>();
  return forms.filter(([, form]) => !seen.has(form) && seen.add(form));
}
