// The item's own fields in the editor: form values <-> the API's item fields, validated with the shared schema.
import { z } from 'zod';
import { idSchema, itemFieldsSchema, type Item } from '@costory/shared';
import {
  localizedDescriptionSchema,
  localizedNameSchema,
  toLocalizedValues,
  type LocalizedValues,
} from './localized-fields';

export interface ItemDetailsForm {
  name: LocalizedValues;
  description: LocalizedValues;
  code: string;
  /** '' is "no group" / "no phase" in the selects. */
  groupId: number | '';
  phaseId: number | '';
  icon: string;
  repeatable: boolean;
  labelIds: number[];
}

const optionalIdSchema = z
  .union([z.literal(''), z.number().int().positive()])
  .transform((value) => (value === '' ? null : value));

/**
 * The shared itemFieldsSchema, with the name in the default language required and the description
 * under the spec's rule (the default language at least 3 characters, other languages optional).
 */
export function itemDetailsSchema(languages: readonly string[], defaultLanguage: string) {
  return itemFieldsSchema.extend({
    name: localizedNameSchema(languages, defaultLanguage),
    description: localizedDescriptionSchema([defaultLanguage]),
    groupId: optionalIdSchema,
    phaseId: optionalIdSchema,
    // Always present in the form (the API's default of [] is for bodies without it).
    labelIds: z.array(idSchema).max(100),
  });
}

export function itemDetailsFormOf(
  item: Item | undefined,
  languages: readonly string[],
  groupId: number | undefined,
): ItemDetailsForm {
  return {
    name: toLocalizedValues(item?.name, languages),
    description: toLocalizedValues(item?.description, languages),
    code: item?.code ?? '',
    groupId: (item ? item.groupId : groupId) ?? '',
    phaseId: item?.phaseId ?? '',
    icon: item?.icon ?? '',
    repeatable: item?.repeatable ?? false,
    labelIds: item?.labelIds ?? [],
  };
}
