// LIKE patterns that match text as it is: its wildcards (% and _) and the escape character escaped, for
// `like … escape '\'` on both databases.

/** A pattern matching any value that contains `text`. */
export const likeContaining = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
