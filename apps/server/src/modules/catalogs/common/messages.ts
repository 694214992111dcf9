// Texts the catalog services send in problem details, in English and Czech (the SPA maps the code; the detail says why).
import type {
  CatalogAction,
  CatalogMemberRole,
  ItemState,
  ItemTransitionAction,
} from '@costory/shared';
import type { LocalizedText } from '../../../errors';
import { countText } from '../../../lib/plural';

type Texts = Readonly<{ en: string; cs: string }>;

// The same words the SPA uses for roles and states (apps/web i18n "domain").
export const ROLE_NAMES: Readonly<Record<CatalogMemberRole, Texts>> = {
  CTL_READER: { en: 'Reader', cs: 'Čtenář' },
  CTL_REPORTER: { en: 'Reporter', cs: 'Navrhovatel' },
  CTL_INSPECTOR: { en: 'Inspector', cs: 'Kontrolor' },
  CTL_MATHEMATICIAN: { en: 'Mathematician', cs: 'Matematik' },
  CTL_ADMIN: { en: 'Admin', cs: 'Správce' },
  PUBLIC_READABLE: { en: 'Public readable', cs: 'Veřejně čitelný' },
};

export const STATE_NAMES: Readonly<Record<ItemState, Texts>> = {
  PENDING: { en: 'Pending', cs: 'Čeká na zpracování' },
  TO_INSPECT: { en: 'To inspect', cs: 'Ke kontrole' },
  TO_EQUATION: { en: 'To equation', cs: 'K sestavení vzorců' },
  COMPLETE: { en: 'Complete', cs: 'Hotovo' },
};

const ACTION_PHRASES: Readonly<Record<CatalogAction, Texts>> = {
  READ_CATALOG: { en: 'read this catalog', cs: 'číst tento katalog' },
  READ_ALL_ITEM_STATES: {
    en: 'see items that are not complete',
    cs: 'vidět položky, které nejsou hotové',
  },
  READ_MEMBERS: {
    en: 'see the members and clients of this catalog',
    cs: 'vidět členy a klienty tohoto katalogu',
  },
  SUGGEST_ITEM: { en: 'suggest new items', cs: 'navrhovat nové položky' },
  EDIT_ITEM: { en: 'edit this item', cs: 'upravovat tuto položku' },
  MOVE_PENDING_INSPECT: {
    en: 'move this item between Pending and To inspect',
    cs: 'přesouvat tuto položku mezi stavy Čeká na zpracování a Ke kontrole',
  },
  MOVE_INSPECT_EQUATION: {
    en: 'move items between To inspect and To equation',
    cs: 'přesouvat položky mezi stavy Ke kontrole a K sestavení vzorců',
  },
  EDIT_FORMULAS: { en: 'edit formulas', cs: 'upravovat vzorce' },
  MOVE_EQUATION_COMPLETE: {
    en: 'move items between To equation and Complete',
    cs: 'přesouvat položky mezi stavy K sestavení vzorců a Hotovo',
  },
  DEPRECATE_ITEM: { en: 'delete items', cs: 'mazat položky' },
  MANAGE_STRUCTURE: {
    en: 'change groups, phases, roles and labels',
    cs: 'měnit skupiny, fáze, role a štítky',
  },
  MANAGE_CATALOG: {
    en: 'manage the members, clients and settings of this catalog',
    cs: 'spravovat členy, klienty a nastavení tohoto katalogu',
  },
};

/** "Your role in this catalog (Reader) does not allow you to suggest new items." */
export function forbiddenDetail(role: CatalogMemberRole, action: CatalogAction): LocalizedText {
  const roleName = ROLE_NAMES[role];
  const phrase = ACTION_PHRASES[action];
  return {
    en: `Your role in this catalog (${roleName.en}) does not allow you to ${phrase.en}.`,
    cs: `Vaše role v tomto katalogu (${roleName.cs}) vám neumožňuje ${phrase.cs}.`,
  };
}

/** A reporter's edit of someone else's item, or of an item that has left PENDING. */
export const REPORTER_OWN_PENDING_ONLY: LocalizedText = {
  en: 'As a Reporter you may change only the items you suggested, and only while they are Pending.',
  cs: 'Jako Navrhovatel můžete měnit jen položky, které jste navrhli, a jen dokud čekají na zpracování.',
};

/** What each workflow action does, as the end of "… does not allow you to …". */
export const TRANSITION_PHRASES: Readonly<Record<ItemTransitionAction, Texts>> = {
  MOVE_TO_PENDING: {
    en: 'move the item to Pending',
    cs: 'přesunout položku do stavu Čeká na zpracování',
  },
  MOVE_TO_INSPECT: {
    en: 'move the item to To inspect',
    cs: 'přesunout položku do stavu Ke kontrole',
  },
  MOVE_TO_EQUATION: {
    en: 'move the item to To equation',
    cs: 'přesunout položku do stavu K sestavení vzorců',
  },
  MOVE_TO_COMPLETE: { en: 'move the item to Complete', cs: 'přesunout položku do stavu Hotovo' },
  DEPRECATE: { en: 'delete the item', cs: 'smazat položku' },
};

export function transitionForbidden(
  role: CatalogMemberRole,
  action: ItemTransitionAction,
): LocalizedText {
  const roleName = ROLE_NAMES[role];
  const phrase = TRANSITION_PHRASES[action];
  return {
    en: `Your role in this catalog (${roleName.en}) does not allow you to ${phrase.en}.`,
    cs: `Vaše role v tomto katalogu (${roleName.cs}) vám neumožňuje ${phrase.cs}.`,
  };
}

/** 409: the workflow moves one step at a time (PENDING <-> TO_INSPECT <-> TO_EQUATION <-> COMPLETE). */
export function notAllowedFromState(state: ItemState, action: ItemTransitionAction): LocalizedText {
  const phrase = TRANSITION_PHRASES[action];
  return {
    en: `The item is in the state ${STATE_NAMES[state].en}; from there it is not possible to ${phrase.en}.`,
    cs: `Položka je ve stavu ${STATE_NAMES[state].cs}; z něj nelze ${phrase.cs}.`,
  };
}

export const ITEM_DEPRECATED: LocalizedText = {
  en: 'The item has been deleted; it can no longer be changed.',
  cs: 'Položka byla smazána; už ji nelze měnit.',
};

/** 409 for a write that names an older version or revision than the stored one. */
export const STALE_WRITE = {
  catalog: {
    en: 'Someone else has changed the catalog settings in the meantime. Reload them and try again.',
    cs: 'Nastavení katalogu mezitím změnil někdo jiný. Načtěte je znovu a zkuste to znovu.',
  },
  item: {
    en: 'Someone else has changed the item in the meantime. Reload it and try again.',
    cs: 'Položku mezitím změnil někdo jiný. Načtěte ji znovu a zkuste to znovu.',
  },
  role: {
    en: 'Someone else has changed the role in the meantime. Reload it and try again.',
    cs: 'Roli mezitím změnil někdo jiný. Načtěte ji znovu a zkuste to znovu.',
  },
} as const satisfies Record<string, LocalizedText>;

/** Field errors for a code that another object of the same kind already has. */
export const DUPLICATE_CODE = {
  catalog: {
    en: 'Your company already has a catalog with this code',
    cs: 'Vaše společnost už má katalog s tímto kódem',
  },
  group: {
    en: 'Another group of this catalog already uses this code',
    cs: 'Tento kód už používá jiná skupina tohoto katalogu',
  },
  phase: {
    en: 'Another phase of this catalog already uses this code',
    cs: 'Tento kód už používá jiná fáze tohoto katalogu',
  },
  role: {
    en: 'Another role of this catalog already uses this code',
    cs: 'Tento kód už používá jiná role tohoto katalogu',
  },
  item: {
    en: 'Another item of this catalog already uses this code',
    cs: 'Tento kód už používá jiná položka tohoto katalogu',
  },
} as const satisfies Record<string, LocalizedText>;

/**
 * 409 CATALOG_IN_USE: "Stories use this catalog (3): Move, Office and 1 you are no member of. …"
 * Stories the user is no member of are counted, never named.
 */
export function catalogInUseDetail(names: readonly string[], hiddenCount: number): LocalizedText {
  const count = String(names.length + hiddenCount);
  const listed = names.slice(0, 5).join(', ') + (names.length > 5 ? ', …' : '');
  const en = [listed, hiddenCount === 0 ? '' : `${String(hiddenCount)} you are not a member of`]
    .filter((part) => part !== '')
    .join(' and ');
  const hidden = countText('cs', hiddenCount, {
    one: '{count}, jehož nejste členem',
    other: '{count}, jejichž nejste členem',
  });
  const cs = [listed, hiddenCount === 0 ? '' : hidden].filter((part) => part !== '').join(' a ');
  return {
    en: `Stories use this catalog (${count}): ${en}. They stay readable with their figures, but no items can be added to them. Confirm their number to delete the catalog.`,
    cs: `Tento katalog používají příběhy (${count}): ${cs}. Zůstanou čitelné i se svými čísly, ale nepůjde do nich přidávat položky. Pro smazání katalogu potvrďte jejich počet.`,
  };
}
