// Texts the partner company services send in problem details, in English and Czech (the SPA maps the code; the detail says why).
import type { LocalizedText } from '../../../errors';

export const PARTNER_STALE_WRITE: LocalizedText = {
  en: 'Someone else has changed the company in the meantime. Reload it and try again.',
  cs: 'Společnost mezitím změnil někdo jiný. Načtěte ji znovu a zkuste to znovu.',
};

export const PRICES_STALE_WRITE: LocalizedText = {
  en: "Someone else has changed the supplier's prices in the meantime. Reload them and try again; nothing was saved.",
  cs: 'Ceny dodavatele mezitím změnil někdo jiný. Načtěte je znovu a zkuste to znovu; nic nebylo uloženo.',
};

export const UNKNOWN_ROLE: LocalizedText = {
  en: 'The role does not exist in this catalog',
  cs: 'Role v tomto katalogu neexistuje',
};

export const DUPLICATE_ROLE: LocalizedText = {
  en: 'The role is listed more than once',
  cs: 'Role je uvedena vícekrát',
};

export const ADJUSTED_PRICE_TOO_LARGE: LocalizedText = {
  en: 'The change would raise a price above the largest price allowed',
  cs: 'Změna by zvýšila cenu nad nejvyšší povolenou cenu',
};

/** 409 COMPANY_IN_USE: "Lineups use this company (3): Quote A, Quote B. Change or delete them first." */
export function companyInUseDetail(count: number, names: readonly string[]): LocalizedText {
  const shown =
    names.length === 0 ? '' : `: ${names.slice(0, 5).join(', ')}${names.length > 5 ? ', …' : ''}`;
  return {
    en: `Lineups use this company (${String(count)})${shown}. Change or delete them first.`,
    cs: `Tuto společnost používají cenové varianty (${String(count)})${shown}. Nejprve je změňte nebo smažte.`,
  };
}
