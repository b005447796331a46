// The mark a view puts on its parts so that presentation mode can show it a part a slide
// (src/client/present/parts.ts): `data-qb-slide-part="<name>"`, the elements of one name being
// one part. In the page it does nothing. Here, where the views and the client both read it.

/** The attribute: `data-qb-slide-part="<name>"`. */
export const SLIDE_PART = "data-qb-slide-part";
