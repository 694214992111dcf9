// Text search helpers: the folded form of names and codes that lists search in, and a safe LIKE pattern.

/**
 * Lower case without accents ("Vývoj" -> "vyvoj"), so a search matches however the user types
 * Czech letters. The server folds both the stored text and the query the same way.
 */
export function foldForSearch(text: string): string {
  return text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase().replace(/\s+/g, ' ').trim();
}

/** `%text%` for LIKE, with the wildcards of the user's text escaped (backslash is LIKE's escape). */
export function containsPattern(text: string): string {
  return `%${foldForSearch(text).replace(/[\\%_]/g, (character) => `\\${character}`)}%`;
}
