// A project module imported by a root-relative path ("/components/math.js"), as Framework pages do.
export const two = 2;
