// A stand-in for the few DOM members src/page/prose.ts reads (children, tagName, lang,
// hidden, attributes, textContent), so its choice is tested in Node against the build's.

/** An element as prose.ts sees it. */
export interface FakeElement {
  tagName: string;
  lang: string;
  hidden: boolean;
  textContent: string;
  attributes: Record<string, string>;
  /** Its own elements (a box of the page's elements, as the slides laid out for print have). */
  children: FakeElement[];
  hasAttribute(name: string): boolean;
  getAttribute(name: string): string | null;
}

/** An element `tag` with `attributes` (lang and hidden read from them), text and elements. */
export function fakeElement(
  tag: string,
  attributes: Record<string, string> = {},
  textContent = "",
  children: FakeElement[] = []
): FakeElement {
  return {
    children,
    tagName: tag.toUpperCase(),
    lang: attributes.lang ?? "",
    hidden: Object.hasOwn(attributes, "hidden"),
    textContent,
    attributes,
    hasAttribute: (name) => Object.hasOwn(attributes, name),
    getAttribute: (name) => (Object.hasOwn(attributes, name) ? attributes[name] : null)
  };
}

/** A root holding `children`, as a ParentNode. */
export const fakeRoot = (children: FakeElement[]): ParentNode => ({children}) as unknown as ParentNode;
