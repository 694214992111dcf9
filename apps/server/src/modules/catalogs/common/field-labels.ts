// How the catalogue forms' fields are named in validation messages, in English and Czech.
import type { LocalizedFieldLabels } from '../../../plugins/errors';
import type { FieldLabel } from './localized';

/** Labels for messages a service writes itself (localized-text checks). */
export const LABELS = {
  name: { en: 'name', cs: 'název' },
  description: { en: 'description', cs: 'popis' },
  label: { en: 'label', cs: 'popisek' },
} as const satisfies Record<string, FieldLabel>;

const common = {
  en: {
    name: 'name',
    code: 'code',
    description: 'description',
    version: 'version',
    revision: 'revision',
    cursor: 'cursor',
    limit: 'limit',
    q: 'search',
  },
  cs: {
    name: 'název',
    code: 'kód',
    description: 'popis',
    version: 'verze',
    revision: 'revize',
    cursor: 'ukazatel stránky',
    limit: 'počet',
    q: 'hledání',
  },
} as const;

export const CATALOG_FIELD_LABELS: LocalizedFieldLabels = {
  en: {
    ...common.en,
    companyCode: 'company code',
    type: 'type',
    defaultLanguage: 'default language',
    supportedLanguages: 'supported languages',
    currency: 'currency',
    visibility: 'visibility',
    mine: 'my catalogs',
    sort: 'sort',
  },
  cs: {
    ...common.cs,
    companyCode: 'kód společnosti',
    type: 'typ',
    defaultLanguage: 'výchozí jazyk',
    supportedLanguages: 'podporované jazyky',
    currency: 'měna',
    visibility: 'viditelnost',
    mine: 'moje katalogy',
    sort: 'řazení',
  },
};

export const STRUCTURE_FIELD_LABELS: LocalizedFieldLabels = {
  en: {
    ...common.en,
    parentId: 'parent group',
    unit: 'unit of measure',
    price: 'price',
    title: 'title',
    color: 'color',
  },
  cs: {
    ...common.cs,
    parentId: 'nadřazená skupina',
    unit: 'měrná jednotka',
    price: 'cena',
    title: 'název',
    color: 'barva',
  },
};

const attribute = {
  en: {
    level: 'level',
    code: 'attribute code',
    name: 'attribute name',
    type: 'attribute type',
    mandatory: 'mandatory',
    description: 'attribute description',
    defaultValue: 'default value',
    enumValues: 'values',
    minimum: 'minimum',
    maximum: 'maximum',
  },
  cs: {
    level: 'úroveň',
    code: 'kód atributu',
    name: 'název atributu',
    type: 'typ atributu',
    mandatory: 'povinné',
    description: 'popis atributu',
    defaultValue: 'výchozí hodnota',
    enumValues: 'hodnoty',
    minimum: 'minimum',
    maximum: 'maximum',
  },
} as const;

function attributeLabels(locale: 'en' | 'cs'): Record<string, string> {
  return Object.fromEntries(
    Object.entries(attribute[locale]).map(([key, label]) => [`attributes.*.${key}`, label]),
  );
}

export const ITEM_FIELD_LABELS: LocalizedFieldLabels = {
  en: {
    ...common.en,
    groupId: 'group',
    phaseId: 'phase',
    icon: 'icon',
    repeatable: 'repeatable',
    labelIds: 'labels',
    state: 'state',
    action: 'action',
    attributes: 'attributes',
    ...attributeLabels('en'),
  },
  cs: {
    ...common.cs,
    groupId: 'skupina',
    phaseId: 'fáze',
    icon: 'ikona',
    repeatable: 'opakovatelná',
    labelIds: 'štítky',
    state: 'stav',
    action: 'akce',
    attributes: 'atributy',
    ...attributeLabels('cs'),
  },
};

export const MEMBER_FIELD_LABELS: LocalizedFieldLabels = {
  en: { email: 'e-mail', role: 'role', companyId: 'company', itemId: 'item', ...common.en },
  cs: { email: 'e-mail', role: 'role', companyId: 'společnost', itemId: 'položka', ...common.cs },
};

const formula = {
  en: {
    id: 'formula',
    roleId: 'role',
    level: 'level',
    name: 'formula name',
    expression: 'formula',
  },
  cs: {
    id: 'vzorec',
    roleId: 'role',
    level: 'úroveň',
    name: 'název vzorce',
    expression: 'vzorec',
  },
} as const;

function formulaLabels(locale: 'en' | 'cs'): Record<string, string> {
  return Object.fromEntries(
    Object.entries(formula[locale]).map(([key, label]) => [`formulas.*.${key}`, label]),
  );
}

export const FORMULA_FIELD_LABELS: LocalizedFieldLabels = {
  en: {
    revision: common.en.revision,
    formulas: 'formulas',
    roleId: 'role',
    level: 'level',
    values: 'values',
    ...formulaLabels('en'),
  },
  cs: {
    revision: common.cs.revision,
    formulas: 'vzorce',
    roleId: 'role',
    level: 'úroveň',
    values: 'hodnoty',
    ...formulaLabels('cs'),
  },
};
