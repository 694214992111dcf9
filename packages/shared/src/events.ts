// Every field that catalog and story events record: the server may record no other, and the web names each in both languages.
import { z } from 'zod';

export const EVENT_FIELDS = [
  // catalogs and their structure
  'name',
  'code',
  'title',
  'description',
  'state',
  'version',
  'type',
  'visibility',
  'currency',
  'price',
  'unit',
  'role',
  'color',
  'icon',
  'repeatable',
  'deprecated',
  'groupId',
  'phaseId',
  'parentId',
  'labelIds',
  'attributes',
  'formulas',
  'roleId',
  'email',
  'companyId',
  'companyCode',
  'defaultLanguage',
  'supportedLanguages',
  'usageCount',
  // stories, instances, members, invites, lineups
  'catalog',
  'item',
  'itemId',
  'instanceId',
  'copiedFrom',
  'level',
  'optional',
  'values',
  'verified',
  'status',
  'expiresAt',
  'supplier',
  'subscriber',
  'customPrices',
  'sharedWith',
  // quotes
  'number',
  'lineup',
  // story versions
  'note',
  'keptAs',
  // deliberate catalog upgrades
  'pinned',
  'itemVersion',
] as const;
export const eventFieldSchema = z.enum(EVENT_FIELDS);
export type EventField = z.infer<typeof eventFieldSchema>;
