// The folded form of names and codes that searches compare, the same in the browser and on the server.

/**
 * Lower case without accents ("Vývoj" -> "vyvoj"), so a search matches however the user types
 * Czech letters. The server folds both the stored text and the query the same way.
 */
export function foldForSearch(text: string): string {
  return text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase().replace(/\s+/g, ' ').trim();
}
