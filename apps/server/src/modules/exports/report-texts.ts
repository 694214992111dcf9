// The words of export reports in English and Czech: titles, captions, column headers, facts and the formula error texts.
import type { EvaluationErrorCode } from '@costory/calc';
import type { ComparisonReason, Locale, PriceSource, ReportKind } from '@costory/shared';
import { countText, type PluralForms } from '../../lib/plural';

export interface ReportTexts {
  title: Record<ReportKind, string>;
  /** Who a document is from and for; `customer` captions the subscriber (docs/glossary.md). */
  caption: { issuer: string; supplier: string; customer: string };
  fact: {
    catalog: string;
    lineup: string;
    totalPrice: string;
    totalScore: string;
    time: string;
    optional: string;
    optionalScore: string;
    instances: string;
    errors: string;
    roles: string;
    items: string;
    /** A report of a story version (decision 0042): the fact's label, and its value naming the day it was frozen. */
    version: string;
    versionValue: (name: string, frozenOn: string) => string;
  };
  table: {
    roles: string;
    phases: string;
    groups: string;
    instances: string;
    optionalInstances: string;
    errors: string;
    catalogRoles: string;
    items: string;
    quote: string;
  };
  column: {
    role: string;
    code: string;
    unit: string;
    amount: string;
    unitPrice: string;
    scorePrice: string;
    price: string;
    score: string;
    time: string;
    phase: string;
    group: string;
    instance: string;
    item: string;
    level: string;
    optional: string;
    errors: string;
    source: string;
    error: string;
    name: string;
    state: string;
    roles: string;
  };
  total: string;
  yes: string;
  no: string;
  withoutPhase: string;
  withoutGroup: string;
  source: Record<PriceSource, string>;
  errorsNote: string;
  optionalNote: string;
  /** "{count} instances with formula errors not priced", in the locale's plural forms. */
  unpriced: PluralForms;
  error: Record<EvaluationErrorCode, string>;
  /** Registration and VAT number lines of a party ("IČO: 25596641"). */
  taxId: { ico: string; dic: string };
  /** A quote's title and facts (decision 0032). */
  quote: {
    title: string;
    number: string;
    issueDate: string;
    validUntil: string;
    totalWithoutVat: string;
    vatRate: string;
    vat: string;
    totalWithVat: string;
    paymentTerms: string;
    note: string;
  };
  /** A comparison of two states of a story (decision 0042). */
  comparison: {
    from: string;
    to: string;
    difference: string;
    /** The live story as a side. */
    live: string;
    /** The live story with every waiting item upgrade applied (decision 0043). */
    upgraded: string;
    change: string;
    added: string;
    removed: string;
    changed: string;
    reasons: string;
    values: string;
    itemVersion: string;
    reason: Record<ComparisonReason, string>;
  };
}

export const REPORT_TEXTS: Readonly<Record<Locale, ReportTexts>> = {
  en: {
    title: {
      roles: 'Summary by roles',
      phases: 'Summary by phases',
      ctl: 'Summary by catalog groups',
      ict: 'Summary by instances',
      story: 'Story summary',
      lineup: 'Quote',
      catalog: 'Catalog',
      comparison: 'Comparison of versions',
    },
    caption: { issuer: 'Prepared by', supplier: 'Supplier', customer: 'Subscriber' },
    fact: {
      catalog: 'Catalog',
      lineup: 'Lineup',
      totalPrice: 'Total price',
      totalScore: 'Total score',
      time: 'Estimated time (MD)',
      optional: 'Optional instances (not in the total)',
      optionalScore: 'Optional instances, score (not in the total)',
      instances: 'Instances',
      errors: 'Number of errors in formula',
      roles: 'Roles',
      items: 'Items',
      version: 'Version',
      versionValue: (name, frozenOn) => `${name} (frozen on ${frozenOn})`,
    },
    table: {
      roles: 'By roles',
      phases: 'By phases',
      groups: 'By catalog groups',
      instances: 'Instances',
      optionalInstances: 'Optional instances (not in the total)',
      errors: 'Errors in formulas',
      catalogRoles: 'Roles and prices',
      items: 'Items',
      quote: 'Prices by role',
    },
    column: {
      role: 'Role',
      code: 'Code',
      unit: 'Unit',
      amount: 'Amount',
      unitPrice: 'Unit price',
      scorePrice: 'Score price',
      price: 'Price',
      score: 'Score',
      time: 'Time (MD)',
      phase: 'Phase',
      group: 'Catalog group',
      instance: 'Instance',
      item: 'Item',
      level: 'Level',
      optional: 'Optional',
      errors: 'Errors',
      source: 'Price from',
      error: 'Error',
      name: 'Name',
      state: 'State',
      roles: 'Roles',
    },
    total: 'Total',
    yes: 'yes',
    no: 'no',
    withoutPhase: 'Without a phase',
    withoutGroup: 'Without a group',
    source: { CUSTOM: 'lineup', SUPPLIER: 'supplier', CATALOG: 'catalog' },
    errorsNote:
      'Instances with formula errors count as 0 in the totals; the errors are listed in the table “Errors in formulas”.',
    optionalNote: 'Optional instances are priced apart and are not in the total.',
    unpriced: {
      one: '{count} instance with formula errors not priced',
      other: '{count} instances with formula errors not priced',
    },
    error: {
      MISSING_VALUE: 'Missing value',
      INVALID_VALUE: 'Value does not fit its type',
      DIVISION_BY_ZERO: 'Division by zero',
      NOT_FINITE: 'Result is not a finite number',
      TOO_LARGE: 'Result is too large',
      NEGATIVE_RESULT: 'Negative result',
      INVALID_FORMULA: 'Formula has problems',
    },
    taxId: { ico: 'Reg. No. (IČO)', dic: 'VAT No. (DIČ)' },
    quote: {
      title: 'Quote',
      number: 'Quote number',
      issueDate: 'Issue date',
      validUntil: 'Valid until',
      totalWithoutVat: 'Total without VAT',
      vatRate: 'VAT rate',
      vat: 'VAT',
      totalWithVat: 'Total with VAT',
      paymentTerms: 'Payment terms',
      note: 'Note',
    },
    comparison: {
      from: 'Before',
      to: 'After',
      difference: 'Difference',
      live: 'The story now',
      upgraded: 'The story now, with the waiting item upgrades',
      change: 'Change',
      added: 'Added',
      removed: 'Removed',
      changed: 'Changed',
      reasons: 'Reason',
      values: 'Changed values',
      itemVersion: 'Item version',
      reason: { EDIT: 'edit', ITEM_VERSION: 'item version', ROLE_PRICE: 'role price' },
    },
  },
  cs: {
    title: {
      roles: 'Souhrn podle rolí',
      phases: 'Souhrn podle fází',
      ctl: 'Souhrn podle skupin katalogu',
      ict: 'Souhrn podle instancí',
      story: 'Souhrn příběhu',
      lineup: 'Nabídka',
      catalog: 'Katalog',
      comparison: 'Porovnání verzí',
    },
    caption: { issuer: 'Vypracoval', supplier: 'Dodavatel', customer: 'Odběratel' },
    fact: {
      catalog: 'Katalog',
      lineup: 'Cenová varianta',
      totalPrice: 'Celková cena',
      totalScore: 'Celkové skóre',
      time: 'Odhadovaný čas (MD)',
      optional: 'Volitelné instance (nejsou v celkové ceně)',
      optionalScore: 'Volitelné instance, skóre (není v celkovém)',
      instances: 'Instance',
      errors: 'Počet chyb ve vzorcích',
      roles: 'Role',
      items: 'Položky',
      version: 'Verze',
      versionValue: (name, frozenOn) => `${name} (zmrazena ${frozenOn})`,
    },
    table: {
      roles: 'Podle rolí',
      phases: 'Podle fází',
      groups: 'Podle skupin katalogu',
      instances: 'Instance',
      optionalInstances: 'Volitelné instance (nejsou v celkové ceně)',
      errors: 'Chyby ve vzorcích',
      catalogRoles: 'Role a ceny',
      items: 'Položky',
      quote: 'Ceny podle rolí',
    },
    column: {
      role: 'Role',
      code: 'Kód',
      unit: 'Jednotka',
      amount: 'Množství',
      unitPrice: 'Jednotková cena',
      scorePrice: 'Cena skóre',
      price: 'Cena',
      score: 'Skóre',
      time: 'Čas (MD)',
      phase: 'Fáze',
      group: 'Skupina katalogu',
      instance: 'Instance',
      item: 'Položka',
      level: 'Úroveň',
      optional: 'Volitelná',
      errors: 'Chyby',
      source: 'Cena z',
      error: 'Chyba',
      name: 'Název',
      state: 'Stav',
      roles: 'Role',
    },
    total: 'Celkem',
    yes: 'ano',
    no: 'ne',
    withoutPhase: 'Bez fáze',
    withoutGroup: 'Bez skupiny',
    source: { CUSTOM: 'cenová varianta', SUPPLIER: 'dodavatel', CATALOG: 'katalog' },
    errorsNote:
      'Instance s chybami ve vzorcích se do součtů počítají nulou; chyby jsou uvedeny v tabulce „Chyby ve vzorcích“.',
    optionalNote: 'Volitelné instance jsou oceněny zvlášť a nejsou v celkové ceně.',
    unpriced: {
      one: '{count} instance s chybou ve vzorci nezapočtena',
      few: '{count} instance s chybami ve vzorcích nezapočteny',
      many: '{count} instance s chybami ve vzorcích nezapočteno',
      other: '{count} instancí s chybami ve vzorcích nezapočteno',
    },
    error: {
      MISSING_VALUE: 'Chybí hodnota',
      INVALID_VALUE: 'Hodnota neodpovídá typu',
      DIVISION_BY_ZERO: 'Dělení nulou',
      NOT_FINITE: 'Výsledek není konečné číslo',
      TOO_LARGE: 'Výsledek je příliš velký',
      NEGATIVE_RESULT: 'Záporný výsledek',
      INVALID_FORMULA: 'Vzorec obsahuje problémy',
    },
    taxId: { ico: 'IČO', dic: 'DIČ' },
    quote: {
      title: 'Nabídka',
      number: 'Číslo nabídky',
      issueDate: 'Datum vystavení',
      validUntil: 'Platnost do',
      totalWithoutVat: 'Celkem bez DPH',
      vatRate: 'Sazba DPH',
      vat: 'DPH',
      totalWithVat: 'Celkem s DPH',
      paymentTerms: 'Platební podmínky',
      note: 'Poznámka',
    },
    comparison: {
      from: 'Původně',
      to: 'Nově',
      difference: 'Rozdíl',
      live: 'Příběh nyní',
      upgraded: 'Příběh nyní, s čekajícími aktualizacemi položek',
      change: 'Změna',
      added: 'Přidaná',
      removed: 'Odebraná',
      changed: 'Změněná',
      reasons: 'Důvod',
      values: 'Změněné hodnoty',
      itemVersion: 'Verze položky',
      reason: { EDIT: 'úprava', ITEM_VERSION: 'verze položky', ROLE_PRICE: 'cena role' },
    },
  },
};

/**
 * "Total price (2 instances with formula errors not priced)": the label of a total that formula
 * errors left incomplete, so that nobody sends a quote believing it covers everything.
 */
export function incompleteTotal(label: string, unpriced: number, locale: Locale): string {
  if (unpriced === 0) return label;
  return `${label} (${countText(locale, unpriced, REPORT_TEXTS[locale].unpriced)})`;
}
