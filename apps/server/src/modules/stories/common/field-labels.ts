// How the story forms' fields are named in validation messages, in English and Czech.
import type { LocalizedFieldLabels } from '../../../plugins/errors';

const common = {
  en: {
    name: 'name',
    description: 'description',
    version: 'version',
    revision: 'revision',
    cursor: 'cursor',
    limit: 'limit',
    q: 'search',
  },
  cs: {
    name: 'název',
    description: 'popis',
    version: 'verze',
    revision: 'revize',
    cursor: 'ukazatel stránky',
    limit: 'počet',
    q: 'hledání',
  },
} as const;

export const STORY_FIELD_LABELS: LocalizedFieldLabels = {
  en: {
    ...common.en,
    name: 'story name',
    catalogId: 'catalog',
    filter: 'filter',
    sort: 'sort',
    favourite: 'favorite',
    status: 'status',
    includeLineups: 'copy lineups',
    includeMembers: 'copy members',
  },
  cs: {
    ...common.cs,
    name: 'název příběhu',
    catalogId: 'katalog',
    filter: 'filtr',
    sort: 'řazení',
    favourite: 'oblíbený',
    status: 'stav',
    includeLineups: 'kopírovat cenové varianty',
    includeMembers: 'kopírovat členy',
  },
};

export const INSTANCE_FIELD_LABELS: LocalizedFieldLabels = {
  en: {
    ...common.en,
    itemId: 'item',
    optional: 'optional',
    level: 'level',
    values: 'values',
    labelIds: 'labels',
    groupId: 'group',
    verified: 'verified',
  },
  cs: {
    ...common.cs,
    itemId: 'položka',
    optional: 'volitelná',
    level: 'úroveň',
    values: 'hodnoty',
    labelIds: 'štítky',
    groupId: 'skupina',
    verified: 'ověřeno',
  },
};

/** `prefix` + each label's key: a list's elements named as the single form names them. */
function prefixed(
  prefix: string,
  labels: Readonly<Record<string, string>>,
): Record<string, string> {
  return Object.fromEntries(Object.entries(labels).map(([key, label]) => [prefix + key, label]));
}

/**
 * POST …/instances/batch: each row's fields (`instances.3.level`) are named as in the instance
 * form; a value's problem names its attribute (or says "the value" in the server's own message).
 */
export const INSTANCE_BATCH_FIELD_LABELS: LocalizedFieldLabels = {
  en: {
    instances: 'instances',
    'instances.*': 'instance',
    ...prefixed('instances.*.', INSTANCE_FIELD_LABELS.en),
  },
  cs: {
    instances: 'instance',
    'instances.*': 'instance',
    ...prefixed('instances.*.', INSTANCE_FIELD_LABELS.cs),
  },
};

export const STORY_LABEL_FIELD_LABELS: LocalizedFieldLabels = {
  en: { ...common.en, title: 'title', color: 'color' },
  cs: { ...common.cs, title: 'název', color: 'barva' },
};

export const STORY_EVENT_FIELD_LABELS: LocalizedFieldLabels = {
  en: { ...common.en, instanceId: 'instance' },
  cs: { ...common.cs, instanceId: 'instance' },
};

export const STORY_MEMBER_FIELD_LABELS: LocalizedFieldLabels = {
  en: { ...common.en, role: 'role' },
  cs: { ...common.cs, role: 'role' },
};

export const STORY_INVITE_FIELD_LABELS: LocalizedFieldLabels = {
  en: { ...common.en, role: 'role', email: 'e-mail', expiresInDays: 'validity in days' },
  cs: { ...common.cs, role: 'role', email: 'e-mail', expiresInDays: 'platnost ve dnech' },
};

export const LINEUP_FIELD_LABELS: LocalizedFieldLabels = {
  en: {
    ...common.en,
    name: 'lineup name',
    supplierId: 'supplier',
    subscriberId: 'subscriber',
    customPrices: 'custom prices',
    'customPrices.*.roleId': 'role',
    'customPrices.*.price': 'custom price',
    kind: 'kind',
  },
  cs: {
    ...common.cs,
    name: 'název cenové varianty',
    supplierId: 'dodavatel',
    subscriberId: 'odběratel',
    customPrices: 'vlastní ceny',
    'customPrices.*.roleId': 'role',
    'customPrices.*.price': 'vlastní cena',
    kind: 'druh',
  },
};

/** The freeze-a-version form (decision 0042). */
export const VERSION_FIELD_LABELS: LocalizedFieldLabels = {
  en: { ...common.en, name: 'version name', note: 'note', contentVersion: 'state of the story' },
  cs: { ...common.cs, name: 'název verze', note: 'poznámka', contentVersion: 'stav příběhu' },
};

/** Pinning and upgrading item versions (decision 0043). */
export const UPGRADE_FIELD_LABELS: LocalizedFieldLabels = {
  en: { ...common.en, pinned: 'pinned item versions', itemIds: 'items to upgrade' },
  cs: { ...common.cs, pinned: 'připnuté verze položek', itemIds: 'položky k aktualizaci' },
};

/** The issue-quote form. */
export const QUOTE_FIELD_LABELS: LocalizedFieldLabels = {
  en: {
    validUntil: 'validity date',
    vatRate: 'VAT rate',
    paymentTerms: 'payment terms',
    note: 'note',
    timeZone: 'time zone',
  },
  cs: {
    validUntil: 'platnost do',
    vatRate: 'sazba DPH',
    paymentTerms: 'platební podmínky',
    note: 'poznámka',
    timeZone: 'časové pásmo',
  },
};
