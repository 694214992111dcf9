// Reading list answers: a page {items, nextCursor} (decision 0011: lists page with a cursor) or, for short lists, a plain array.
import { z } from 'zod';
import { pageSchema } from '@costory/shared';

/** A whole list: accepts a plain array or a single page and gives the array. */
export function listSchema<T extends z.ZodType>(item: T) {
  return z.union([z.array(item), pageSchema(item).transform((page) => page.items)]);
}

/** One page of a cursor-paged list; a plain array counts as the only page. */
export function pagedSchema<T extends z.ZodType>(item: T) {
  return z.union([
    pageSchema(item),
    z.array(item).transform((items) => ({ items, nextCursor: null })),
  ]);
}

/** How many rows one request asks for: enough to fill the screen, small enough to stay quick. */
export const PAGE_SIZE = 50;
