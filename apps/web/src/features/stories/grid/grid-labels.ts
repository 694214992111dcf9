// A row's labels as one cell of text ("Phase one, Needs an offer"), as a spreadsheet would hold them: titles separated by commas, matched as written, else without regard to case.
import type { StoryLabel } from '@costory/shared';

/** A title with a separator cannot be told apart in the text: such labels are kept as they are, not written. */
function nameable(label: StoryLabel): boolean {
  return !/[,;]/.test(label.title);
}

export function labelsText(ids: readonly number[], labels: readonly StoryLabel[]): string {
  return labels
    .filter((label) => ids.includes(label.id) && nameable(label))
    .map((label) => label.title)
    .join(', ');
}

export interface ParsedLabels {
  ids: number[];
  /** Titles the story has no label of. */
  unknown: string[];
}

export function parseLabels(text: string, labels: readonly StoryLabel[]): ParsedLabels {
  const named = labels.filter(nameable);
  // Two labels may differ only in case ("Urgent", "URGENT"): the title as written picks its own.
  const byExactTitle = new Map(named.map((label) => [label.title.trim(), label.id]));
  const byTitle = new Map(named.map((label) => [label.title.trim().toLocaleLowerCase(), label.id]));
  const ids = new Set<number>();
  const unknown: string[] = [];
  for (const part of text.split(/[,;]/)) {
    const title = part.trim();
    if (title === '') continue;
    const id = byExactTitle.get(title) ?? byTitle.get(title.toLocaleLowerCase());
    if (id === undefined) unknown.push(title);
    else ids.add(id);
  }
  return { ids: [...ids], unknown };
}

/** The ids among `ids` the text cannot name (a label not loaded, or titled with a separator): kept as they are. */
export function unnamedLabelIds(ids: readonly number[], labels: readonly StoryLabel[]): number[] {
  return ids.filter((id) => !labels.some((label) => label.id === id && nameable(label)));
}
