// Texts the story services send in problem details, in English and Czech (the SPA maps the code; the detail says why).
import type { Locale, StoryAction, StoryMemberRole } from '@costory/shared';
import type { LocalizedText } from '../../../errors';

type Texts = Readonly<{ en: string; cs: string }>;

// The same words the SPA uses for story roles (apps/web i18n "domain.storyMemberRole").
export const STORY_ROLE_NAMES: Readonly<Record<StoryMemberRole, Texts>> = {
  ICT_ADMIN: { en: 'Admin', cs: 'Správce' },
  ICT_MODELER: { en: 'Modeler', cs: 'Modelář' },
  ICT_VERIFIER: { en: 'Verifier', cs: 'Ověřovatel' },
  ICT_CUSTOMER: { en: 'Customer', cs: 'Zákazník' },
  CTL_READER: { en: 'Reader', cs: 'Čtenář' },
};

const ACTION_PHRASES: Readonly<Record<StoryAction, Texts>> = {
  READ_STORY: { en: 'read this story', cs: 'číst tento příběh' },
  EDIT_INSTANCES: {
    en: 'change the item instances and labels of this story',
    cs: 'měnit instance položek a štítky tohoto příběhu',
  },
  VERIFY_INSTANCES: {
    en: 'mark item instances as verified',
    cs: 'označovat instance položek jako ověřené',
  },
  READ_LINEUPS: { en: 'see the lineups of this story', cs: 'vidět cenové varianty tohoto příběhu' },
  EDIT_LINEUPS: {
    en: 'change the lineups of this story',
    cs: 'měnit cenové varianty tohoto příběhu',
  },
  MANAGE_STORY: {
    en: 'manage the members and settings of this story or delete it',
    cs: 'spravovat členy a nastavení tohoto příběhu ani jej smazat',
  },
  READ_MARGINS: {
    en: 'see the catalog’s and suppliers’ prices or the formulas of this story',
    cs: 'vidět ceny katalogu a dodavatelů ani vzorce tohoto příběhu',
  },
  SET_STATUS: { en: 'change the status of this story', cs: 'měnit stav tohoto příběhu' },
  ANSWER_STORY: {
    en: 'accept or reject this story',
    cs: 'přijmout nebo zamítnout tento příběh',
  },
  FREEZE_VERSIONS: {
    en: 'freeze versions of this story',
    cs: 'zmrazovat verze tohoto příběhu',
  },
  RESTORE_VERSIONS: {
    en: 'restore versions into this story',
    cs: 'obnovovat verze do tohoto příběhu',
  },
  DELETE_VERSIONS: { en: 'delete versions of this story', cs: 'mazat verze tohoto příběhu' },
  UPGRADE_ITEMS: {
    en: 'pin or upgrade the item versions of this story',
    cs: 'připínat ani aktualizovat verze položek tohoto příběhu',
  },
};

/** 403: a customer may only accept or reject a story that was sent to them (decision 0031). */
export const STORY_ANSWER_ONLY: LocalizedText = {
  en: 'Your role in this story allows only accepting or rejecting it once it has been sent.',
  cs: 'Vaše role v tomto příběhu umožňuje jen přijmout nebo zamítnout příběh, který byl odeslán.',
};

/** 403: a story is copied within its owner company only (decision 0031). */
export const STORY_COPY_OTHER_COMPANY: LocalizedText = {
  en: 'Only users of the company that owns this story can copy it.',
  cs: 'Tento příběh mohou zkopírovat jen uživatelé společnosti, která jej vlastní.',
};

/** 403: copying the lineups needs their full prices; copying the members needs managing them. */
export const STORY_COPY_PART_FORBIDDEN = {
  lineups: {
    en: 'Your role in this story does not allow you to copy its lineups.',
    cs: 'Vaše role v tomto příběhu vám neumožňuje kopírovat jeho cenové varianty.',
  },
  members: {
    en: 'Your role in this story does not allow you to copy its members.',
    cs: 'Vaše role v tomto příběhu vám neumožňuje kopírovat jeho členy.',
  },
} as const satisfies Record<string, LocalizedText>;

/** "Your role in this story (Verifier) does not allow you to change the items …" */
export function storyForbiddenDetail(role: StoryMemberRole, action: StoryAction): LocalizedText {
  const roleName = STORY_ROLE_NAMES[role];
  const phrase = ACTION_PHRASES[action];
  return {
    en: `Your role in this story (${roleName.en}) does not allow you to ${phrase.en}.`,
    cs: `Vaše role v tomto příběhu (${roleName.cs}) vám neumožňuje ${phrase.cs}.`,
  };
}

/** 409 for a write that names an older version or revision than the stored one. */
export const STORY_STALE_WRITE = {
  story: {
    en: 'Someone else has changed the story settings in the meantime. Reload them and try again.',
    cs: 'Nastavení příběhu mezitím změnil někdo jiný. Načtěte je znovu a zkuste to znovu.',
  },
  instance: {
    en: 'Someone else has changed this instance in the meantime. Reload it and try again.',
    cs: 'Tuto instanci mezitím změnil někdo jiný. Načtěte ji znovu a zkuste to znovu.',
  },
} as const satisfies Record<string, LocalizedText>;

export const CATALOG_CLIENT_REQUIRED: LocalizedText = {
  en: 'The catalog is paid: stories on it need your company to be its client. Ask the catalog’s administrators to add your company as a client.',
  cs: 'Katalog je placený: příběhy nad ním vyžadují, aby vaše společnost byla jeho klientem. Požádejte správce katalogu, aby vaši společnost přidali mezi klienty.',
};

/** 409: the item version an instance write was checked and priced with moved before the write (decision 0043). */
export const ITEM_VERSION_MOVED: LocalizedText = {
  en: 'The item’s version this story calculates with changed while you were saving (an upgrade or a new version in the catalog). Nothing was saved; try again.',
  cs: 'Verze položky, se kterou příběh počítá, se během ukládání změnila (aktualizace nebo nová verze v katalogu). Nic nebylo uloženo; zkuste to znovu.',
};

export const CATALOG_DELETED: LocalizedText = {
  en: 'The story’s catalog has been deleted; no items can be added from it.',
  cs: 'Katalog příběhu byl smazán; nelze z něj přidávat položky.',
};

/** 409: the item cannot be instantiated (not COMPLETE, retired, or never completed). */
export function itemNotAvailable(code: string): LocalizedText {
  return {
    en: `The item ${code} is not complete in the catalog (it is being reworked or was deleted); only complete items can be added to a story.`,
    cs: `Položka ${code} není v katalogu hotová (prochází úpravami, nebo byla smazána); do příběhu lze přidat jen hotové položky.`,
  };
}

/** 409 INSTANCE_NOT_REPEATABLE. */
export function itemNotRepeatable(code: string): LocalizedText {
  return {
    en: `The item ${code} is not repeatable and the story already has it.`,
    cs: `Položku ${code} nelze opakovat a příběh ji už obsahuje.`,
  };
}

/** 409 INSTANCE_NOT_REPEATABLE for a batch that adds a non-repeatable item more than once. */
export function itemRepeatedInBatch(code: string): LocalizedText {
  return {
    en: `The item ${code} is not repeatable and the added rows have it more than once.`,
    cs: `Položku ${code} nelze opakovat a přidávané řádky ji obsahují víckrát.`,
  };
}

export const LINEUP_STALE_WRITE: LocalizedText = {
  en: 'Someone else has changed this lineup in the meantime. Reload it and try again.',
  cs: 'Tuto cenovou variantu mezitím změnil někdo jiný. Načtěte ji znovu a zkuste to znovu.',
};

export const LINEUP_NAME_TAKEN: LocalizedText = {
  en: 'Another lineup of this story already has this name.',
  cs: 'Tento název už má jiná cenová varianta tohoto příběhu.',
};

export const LINEUP_SHARE_NOT_CUSTOMER: LocalizedText = {
  en: 'A lineup can be shared only with members of this story who have the Customer role.',
  cs: 'Cenovou variantu lze sdílet jen se členy tohoto příběhu, kteří mají roli Zákazník.',
};

export const LINEUP_PARTNER_KIND: Readonly<Record<'supplierId' | 'subscriberId', LocalizedText>> = {
  supplierId: {
    en: 'Choose one of your supplier companies.',
    cs: 'Vyberte jednu ze svých dodavatelských společností.',
  },
  subscriberId: {
    en: 'Choose one of your subscriber companies.',
    cs: 'Vyberte jednu ze svých odběratelských společností.',
  },
};

export const LINEUP_UNKNOWN_ROLE: LocalizedText = {
  en: 'This role is not a role of the story’s catalog.',
  cs: 'Tato role nepatří do katalogu příběhu.',
};

export const LINEUP_DUPLICATE_ROLE: LocalizedText = {
  en: 'This role already has a custom price in the lineup.',
  cs: 'Tato role už má v cenové variantě vlastní cenu.',
};

/** A version's name is unique within its story (decision 0042), like a lineup's. */
export const VERSION_NAME_TAKEN: LocalizedText = {
  en: 'Another version of this story already has this name.',
  cs: 'Tento název už má jiná verze tohoto příběhu.',
};

/**
 * The name of the version a restore freezes the live state as first, in the caller's language:
 * "Before restoring “Quote for Novák”".
 */
export const KEPT_VERSION_NAME: Readonly<Record<Locale, (name: string) => string>> = {
  en: (name) => `Before restoring “${name}”`,
  cs: (name) => `Před obnovením verze „${name}“`,
};

/** The note of that version. */
export const KEPT_VERSION_NOTE: Readonly<Record<Locale, (name: string) => string>> = {
  en: (name) => `Frozen automatically before version “${name}” was restored into the story.`,
  cs: (name) => `Zmrazeno automaticky před obnovením verze „${name}“ do příběhu.`,
};

/** 409: the version has instances of items that are no longer in the story's catalog at all. */
export function versionItemsGone(codes: readonly string[]): LocalizedText {
  const list = codes.join(', ');
  return {
    en: `The version has instances of items that are no longer in the catalog: ${list}.`,
    cs: `Verze obsahuje instance položek, které už v katalogu nejsou: ${list}.`,
  };
}
