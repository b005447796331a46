// A project module a parameterized page imports beside its params-named file.
export const shout = (word) => word.toUpperCase();
