// The titles in one list cell ("Outdoor, Heavy"), where a title may itself hold a comma ("Phase 1, backend").

export interface KnownTitles {
  has: (title: string) => boolean;
  /** Parts of the known title with the most commas (1 when none has one). */
  mostParts: number;
}

/** The titles a cell may name, matched by `has` (exactly, or as the caller folds them). */
export function knownTitles(
  titles: Iterable<string>,
  has: (title: string) => boolean,
): KnownTitles {
  let mostParts = 1;
  for (const title of titles) mostParts = Math.max(mostParts, title.split(',').length);
  return { has, mostParts };
}

/**
 * Splits a list cell at its commas, except where the parts together name a known title: from each
 * position the longest run of parts that is a known title wins, so that a label exported as
 * "Phase 1, backend" reads back as one label. A part that starts no known title stands alone (the
 * caller reports it as unknown); empty parts are dropped.
 */
export function splitTitleList(text: string, known: KnownTitles): string[] {
  const parts = text.split(',');
  const titles: string[] = [];
  let start = 0;
  while (start < parts.length) {
    // No run longer than the known title with the most commas: a hostile cell of thousands of
    // commas costs a pass, not a cube of them.
    let end = Math.min(parts.length, start + known.mostParts);
    while (end - start > 1 && !known.has(parts.slice(start, end).join(',').trim())) end -= 1;
    const title = parts.slice(start, end).join(',').trim();
    if (title !== '') titles.push(title);
    start = end;
  }
  return titles;
}
