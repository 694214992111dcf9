// Every enumeration of the specification, defined once (spec sections 3, 4 and 6).
import { z } from 'zod';

export const CATALOG_TYPES = ['BDT', 'MNT', 'SRV'] as const;
export const catalogTypeSchema = z.enum(CATALOG_TYPES);
export type CatalogType = z.infer<typeof catalogTypeSchema>;

/** Scoring (MNT) and survey (SRV) catalogs price their roles in points: totals are scores, not money. */
export function isScored(type: CatalogType): boolean {
  return type === 'MNT' || type === 'SRV';
}

export const CATALOG_VISIBILITIES = ['PUBLIC', 'PUBLIC_PAID', 'PRIVATE'] as const;
export const catalogVisibilitySchema = z.enum(CATALOG_VISIBILITIES);
export type CatalogVisibility = z.infer<typeof catalogVisibilitySchema>;

export const UNITS_OF_MEASURE = [
  'MANDAYS',
  'HOUR',
  'METER',
  'KILOMETER',
  'METER_SQUARE',
  'KILOMETER_SQUARE',
  'LITER',
  'MILLILITER',
  'GRAM',
  'KILOGRAM',
  'UNIT',
  'UNIT_FIX',
  'UNIT_PERIOD_DAY',
  'UNIT_PERIOD_WEEK',
  'UNIT_PERIOD_BI_WEEK',
  'UNIT_PERIOD_MONTH',
  'UNIT_PERIOD_HALF_ANNUAL',
  'UNIT_PERIOD_ANNUAL',
] as const;
export const unitOfMeasureSchema = z.enum(UNITS_OF_MEASURE);
export type UnitOfMeasure = z.infer<typeof unitOfMeasureSchema>;

export const ITEM_STATES = ['PENDING', 'TO_INSPECT', 'TO_EQUATION', 'COMPLETE'] as const;
export const itemStateSchema = z.enum(ITEM_STATES);
export type ItemState = z.infer<typeof itemStateSchema>;

export const CATALOG_MEMBER_ROLES = [
  'CTL_READER',
  'CTL_REPORTER',
  'CTL_INSPECTOR',
  'CTL_MATHEMATICIAN',
  'CTL_ADMIN',
  'PUBLIC_READABLE',
] as const;
export const catalogMemberRoleSchema = z.enum(CATALOG_MEMBER_ROLES);
export type CatalogMemberRole = z.infer<typeof catalogMemberRoleSchema>;

export const STORY_MEMBER_ROLES = [
  'ICT_ADMIN',
  'ICT_MODELER',
  'ICT_VERIFIER',
  'ICT_CUSTOMER',
  'CTL_READER',
] as const;
export const storyMemberRoleSchema = z.enum(STORY_MEMBER_ROLES);
export type StoryMemberRole = z.infer<typeof storyMemberRoleSchema>;

/** Where a story stands with its customer (decision 0031); new stories are DRAFT. */
export const STORY_STATUSES = ['DRAFT', 'SENT', 'ACCEPTED', 'REJECTED', 'ARCHIVED'] as const;
export const storyStatusSchema = z.enum(STORY_STATUSES);
export type StoryStatus = z.infer<typeof storyStatusSchema>;

export const THEMES = ['ict', 'ctl'] as const;
export type ThemeName = (typeof THEMES)[number];
