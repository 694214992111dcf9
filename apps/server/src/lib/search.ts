// Text search helpers: the folded form of names and codes that lists search in (from @costory/shared), and a safe LIKE pattern.
import { foldForSearch } from '@costory/shared';

export { foldForSearch };

/** `%text%` for LIKE, with the wildcards of the user's text escaped (backslash is LIKE's escape). */
export function containsPattern(text: string): string {
  return `%${foldForSearch(text).replace(/[\\%_]/g, (character) => `\\${character}`)}%`;
}
