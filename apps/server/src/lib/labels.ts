// Labels of catalogs and of stories share their fields and rules: title, description and a colour.
import type { Label } from '@costory/shared';

export interface LabelInput {
  title: string;
  description?: string | undefined;
  color: string;
}

/** A label as stored (both label tables have these columns). */
export interface LabelValues {
  title: string;
  description: string;
  color: string;
}

/** Fields that label events list. */
export const LABEL_EVENT_FIELDS = ['title', 'description', 'color'] as const;

export function labelValues(input: LabelInput): LabelValues {
  return {
    title: input.title.trim(),
    description: input.description?.trim() ?? '',
    // One spelling of each colour, so that "#AABBCC" and "#aabbcc" are the same.
    color: input.color.toLowerCase(),
  };
}

export function toLabel(label: LabelValues & { id: number }, usageCount: number): Label {
  return {
    id: label.id,
    title: label.title,
    description: label.description,
    color: label.color,
    usageCount,
  };
}
