// The lineup form's rules as pure functions: its schema (the shared lineup rules), its values from a lineup, and the request body it sends.
import { z } from 'zod';
import {
  idSchema,
  lineupFieldsSchema,
  type LineupFields,
  type LineupPricing,
  type Locale,
  type StoryCatalog,
} from '@costory/shared';
import { priceAsInput, supplierPriceInputSchema } from '@/lib/supplier-prices';

/** One row per catalog role; an empty price leaves the role to the supplier's or catalog's price. */
export const lineupFormSchema = z.object({
  name: lineupFieldsSchema.shape.name,
  description: lineupFieldsSchema.shape.description,
  supplierId: idSchema,
  subscriberId: idSchema,
  prices: z.array(z.object({ roleId: idSchema, price: supplierPriceInputSchema })),
  /** User ids of the customers who read the lineup. */
  sharedWith: lineupFieldsSchema.shape.sharedWith.unwrap(),
});
export type LineupFormValues = z.input<typeof lineupFormSchema>;
export type LineupFormOutput = z.output<typeof lineupFormSchema>;

type CatalogRole = StoryCatalog['roles'][number];

export function lineupFormValues(
  roles: readonly CatalogRole[],
  lineup: LineupPricing | undefined,
  locale: Locale,
): LineupFormValues {
  const custom = new Map(lineup?.customPrices.map((entry) => [entry.roleId, entry.price]));
  return {
    name: lineup?.name ?? '',
    description: lineup?.description ?? '',
    // Unset until chosen: the schema then says the field is required.
    supplierId: lineup?.supplier.id ?? (undefined as unknown as number),
    subscriberId: lineup?.subscriber.id ?? (undefined as unknown as number),
    prices: roles.map((role) => {
      const price = custom.get(role.id);
      return { roleId: role.id, price: price === undefined ? '' : priceAsInput(price, locale) };
    }),
    sharedWith: lineup?.sharedWith.map((user) => user.id) ?? [],
  };
}

/** The body of POST and PUT: only the roles with a custom price. */
export function lineupBody(values: LineupFormOutput): LineupFields {
  return {
    name: values.name,
    description: values.description,
    supplierId: values.supplierId,
    subscriberId: values.subscriberId,
    customPrices: values.prices.flatMap((entry) =>
      entry.price === null ? [] : [{ roleId: entry.roleId, price: entry.price }],
    ),
    sharedWith: values.sharedWith,
  };
}

/**
 * The form path of a field the server blamed: `customPrices.{i}.price` counts only the rows sent,
 * so it is mapped back to the role's row.
 */
export function formPathOfLineupField(
  field: string,
  values: LineupFormOutput,
): keyof LineupFormValues | `prices.${number}.price` | undefined {
  if (field === 'name' || field === 'description') return field;
  if (field === 'supplierId' || field === 'subscriberId') return field;
  if (/^sharedWith\.\d+$/.test(field)) return 'sharedWith';
  const match = /^customPrices\.(\d+)\.(price|roleId)$/.exec(field);
  if (!match) return undefined;
  const sent = values.prices
    .map((entry, index) => ({ entry, index }))
    .filter(({ entry }) => entry.price !== null);
  const row = sent[Number(match[1])];
  return row === undefined ? undefined : `prices.${row.index}.price`;
}
