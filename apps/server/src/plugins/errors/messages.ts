// Titles and standard details of every error code, in English and Czech.
import { MAX_BODY_BYTES, type ErrorCode, type Locale } from '@costory/shared';

interface ProblemText {
  title: string;
  detail: string;
}

const maxBodyMiB = `${MAX_BODY_BYTES / (1024 * 1024)} MB`;

export const PROBLEM_TEXTS: Record<ErrorCode, Record<Locale, ProblemText>> = {
  BAD_REQUEST: {
    en: { title: 'Bad request', detail: 'The request cannot be processed.' },
    cs: { title: 'Chybný požadavek', detail: 'Požadavek nelze zpracovat.' },
  },
  VALIDATION_FAILED: {
    en: { title: 'Invalid input', detail: 'Some fields are not valid.' },
    cs: { title: 'Neplatné údaje', detail: 'Některá pole nejsou platná.' },
  },
  MALFORMED_JSON: {
    en: { title: 'Malformed JSON', detail: 'The request body is not valid JSON.' },
    cs: { title: 'Chybný formát JSON', detail: 'Tělo požadavku není platný JSON.' },
  },
  PAYLOAD_TOO_LARGE: {
    en: {
      title: 'Request too large',
      detail: `The request body is larger than the limit of ${maxBodyMiB}.`,
    },
    cs: {
      title: 'Příliš velký požadavek',
      detail: `Tělo požadavku je větší než povolený limit ${maxBodyMiB}.`,
    },
  },
  UNSUPPORTED_MEDIA_TYPE: {
    en: {
      title: 'Unsupported content type',
      detail: 'Send the request body as application/json.',
    },
    cs: {
      title: 'Nepodporovaný typ obsahu',
      detail: 'Tělo požadavku pošlete jako application/json.',
    },
  },
  UNAUTHORIZED: {
    en: { title: 'Sign-in required', detail: 'Sign in to continue.' },
    cs: { title: 'Je nutné přihlášení', detail: 'Pro pokračování se přihlaste.' },
  },
  FORBIDDEN: {
    en: { title: 'Access denied', detail: 'You do not have permission for this action.' },
    cs: { title: 'Přístup odepřen', detail: 'K této akci nemáte oprávnění.' },
  },
  NOT_FOUND: {
    en: { title: 'Not found', detail: 'The requested resource does not exist.' },
    cs: { title: 'Nenalezeno', detail: 'Požadovaný zdroj neexistuje.' },
  },
  CONFLICT: {
    en: {
      title: 'Conflict',
      detail: 'Someone else has changed this in the meantime, or it already exists.',
    },
    cs: {
      title: 'Konflikt',
      detail: 'Někdo jiný to mezitím změnil, nebo to již existuje.',
    },
  },
  RATE_LIMITED: {
    en: { title: 'Too many requests', detail: 'Too many attempts. Try again later.' },
    cs: {
      title: 'Příliš mnoho požadavků',
      detail: 'Příliš mnoho pokusů. Zkuste to znovu později.',
    },
  },
  SERVICE_UNAVAILABLE: {
    en: {
      title: 'Service unavailable',
      detail: 'The service is temporarily unavailable. Try again later.',
    },
    cs: {
      title: 'Služba není dostupná',
      detail: 'Služba je dočasně nedostupná. Zkuste to znovu později.',
    },
  },
  EMAIL_NOT_VERIFIED: {
    en: {
      title: 'E-mail not confirmed',
      detail: 'Confirm your e-mail address with the link we sent you before you sign in.',
    },
    cs: {
      title: 'E-mail není potvrzen',
      detail: 'Před přihlášením potvrďte svou e-mailovou adresu odkazem, který jsme vám poslali.',
    },
  },
  INVALID_CREDENTIALS: {
    en: { title: 'Sign-in failed', detail: 'The e-mail or password is not correct.' },
    cs: { title: 'Přihlášení se nezdařilo', detail: 'E-mail nebo heslo není správné.' },
  },
  CONFIRMATION_FAILED: {
    en: {
      title: 'Email verification failed',
      detail: 'The confirmation code is wrong, expired or already used.',
    },
    cs: {
      title: 'Ověření e-mailu se nezdařilo',
      detail: 'Potvrzovací kód je chybný, vypršel nebo už byl použit.',
    },
  },
  CONFIRMATION_CODE_MISSING: {
    en: { title: 'Code parameter is missing', detail: 'Send the confirmation code.' },
    cs: { title: 'Chybí parametr s kódem', detail: 'Pošlete potvrzovací kód.' },
  },
  XSRF_MISMATCH: {
    en: {
      title: 'Request refused',
      detail:
        'The security token of the request is missing or wrong. Reload the page and try again.',
    },
    cs: {
      title: 'Požadavek odmítnut',
      detail:
        'Bezpečnostní token požadavku chybí nebo nesouhlasí. Načtěte stránku znovu a zkuste to znovu.',
    },
  },
  FORMULA_INVALID: {
    en: {
      title: 'Invalid formula',
      detail: 'Some formulas do not pass their checks.',
    },
    cs: {
      title: 'Neplatný vzorec',
      detail: 'Některé vzorce neprošly kontrolou.',
    },
  },
  STORY_NAME_TAKEN: {
    en: {
      title: 'Story name taken',
      detail: 'Some story is already using this name.',
    },
    cs: {
      title: 'Název příběhu je obsazen',
      detail: 'Tento název už používá jiný příběh.',
    },
  },
  CATALOG_CLIENT_REQUIRED: {
    en: {
      title: 'Not a client of the catalog',
      detail:
        'Stories on this catalog need your company to be its client. Ask the catalog’s administrators to add it.',
    },
    cs: {
      title: 'Nejste klientem katalogu',
      detail:
        'Příběhy nad tímto katalogem vyžadují, aby vaše společnost byla jeho klientem. Požádejte správce katalogu o přidání.',
    },
  },
  INSTANCE_NOT_REPEATABLE: {
    en: {
      title: 'Item not repeatable',
      detail: 'This item can be in a story only once, and the story already has it.',
    },
    cs: {
      title: 'Položku nelze opakovat',
      detail: 'Tato položka smí být v příběhu jen jednou a příběh ji už obsahuje.',
    },
  },
  LAST_STORY_ADMIN: {
    en: {
      title: 'Last admin of the story',
      detail: 'The story must keep at least one admin. Make someone else an admin first.',
    },
    cs: {
      title: 'Poslední správce příběhu',
      detail: 'Příběh musí mít alespoň jednoho správce. Nejprve udělejte správcem někoho jiného.',
    },
  },
  COMPANY_IN_USE: {
    en: {
      title: 'Company used by lineups',
      detail: 'Lineups use this company. Change or delete them first.',
    },
    cs: {
      title: 'Společnost používají cenové varianty',
      detail: 'Tuto společnost používají cenové varianty. Nejprve je změňte nebo smažte.',
    },
  },
  CATALOG_IN_USE: {
    en: {
      title: 'Catalog used by stories',
      detail:
        'Stories use this catalog. Confirm their number to delete it: they stay readable with their figures, but no items can be added to them.',
    },
    cs: {
      title: 'Katalog používají příběhy',
      detail:
        'Tento katalog používají příběhy. Pro smazání potvrďte jejich počet: zůstanou čitelné i se svými čísly, ale nepůjde do nich přidávat položky.',
    },
  },
  STORY_CHANGED_SINCE: {
    en: {
      title: 'Story changed',
      detail:
        'The story changed since you opened it. Compare it with the version again and restore once more.',
    },
    cs: {
      title: 'Příběh se změnil',
      detail:
        'Příběh se od chvíle, kdy jste jej otevřeli, změnil. Porovnejte jej s verzí znovu a obnovte ji ještě jednou.',
    },
  },
  INVITE_GONE: {
    en: {
      title: 'Invitation no longer valid',
      detail: 'The invitation has expired, was revoked or has already been used.',
    },
    cs: {
      title: 'Pozvánka už neplatí',
      detail: 'Pozvánka vypršela, byla zrušena nebo už byla použita.',
    },
  },
  INVITE_EMAIL_MISMATCH: {
    en: {
      title: 'Invitation for another address',
      detail:
        'This invitation was sent to another e-mail address. Sign in with that address to accept it.',
    },
    cs: {
      title: 'Pozvánka pro jinou adresu',
      detail:
        'Tato pozvánka byla poslána na jinou e-mailovou adresu. Pro přijetí se přihlaste s touto adresou.',
    },
  },
  INTERNAL: {
    en: { title: 'Internal error', detail: 'Something went wrong on our side. Try again later.' },
    cs: {
      title: 'Interní chyba',
      detail: 'Na naší straně se něco pokazilo. Zkuste to znovu později.',
    },
  },
};
