// The titles in one list cell ("Outdoor, Heavy"), where a title may itself hold a comma ("Phase 1, backend").

/**
 * Splits a list cell at its commas, except where the parts together name a known title: from each
 * position the longest run of parts that is a known title wins, so that a label exported as
 * "Phase 1, backend" reads back as one label. A part that starts no known title stands alone (the
 * caller reports it as unknown); empty parts are dropped.
 */
export function splitTitleList(text: string, isKnown: (title: string) => boolean): string[] {
  const parts = text.split(',');
  const titles: string[] = [];
  let start = 0;
  while (start < parts.length) {
    let end = parts.length;
    while (end - start > 1 && !isKnown(parts.slice(start, end).join(',').trim())) end -= 1;
    const title = parts.slice(start, end).join(',').trim();
    if (title !== '') titles.push(title);
    start = end;
  }
  return titles;
}
