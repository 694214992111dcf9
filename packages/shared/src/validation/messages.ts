// Validation messages in English and Czech, one text per rule; {name} is a rule parameter.
//
// `{n, plural, one {...} few {...} other {...}}` picks the grammatical form for the number n
// (Czech says "1 znak", "3 znaky", "5 znaků"); `#` inside stands for n.
import type { Locale } from '../locale';
import type { MessageKey } from './names';

const en: Readonly<Record<MessageKey, string>> = {
  alpha: 'The {field} may only contain letters',
  alpha_num: 'The {field} may only contain letters and numbers',
  alpha_dash: 'The {field} may only contain letters, numbers, dashes and underscores',
  alpha_spaces: 'The {field} may only contain letters and spaces',
  between: 'The {field} must be between {min} and {max}',
  confirmed: 'The {field} confirmation does not match',
  digits:
    'The {field} must be numeric and exactly {length, plural, one {# digit} other {# digits}} long',
  dimensions: 'The {field} must be {width} pixels by {height} pixels',
  email: 'The {field} must be a valid email',
  excluded: 'The {field} is not a valid value',
  not_one_of: 'The {field} is not a valid value',
  ext: 'The {field} must be a file of type: {extensions}',
  image: 'The {field} must be an image',
  integer: 'The {field} must be an integer',
  length:
    'The {field} must be exactly {length, plural, one {# character} other {# characters}} long',
  max: 'The {field} may not be greater than {length, plural, one {# character} other {# characters}}',
  max_value: 'The {field} must be {max} or less',
  mimes: 'The {field} must have a valid file type',
  min: 'The {field} must be at least {length, plural, one {# character} other {# characters}}',
  min_value: 'The {field} must be {min} or more',
  numeric: 'The {field} may only contain numeric characters',
  one_of: 'The {field} is not a valid value',
  regex: 'The {field} format is invalid',
  required: 'The {field} is required',
  required_if: 'The {field} is required',
  size: 'The {field} size must not exceed {size} KB',
  url: 'The {field} must be a valid URL',
  password_strength: 'Password must contain at least 1 digit and 1 letter without a space',
  password_common: 'This password is too common. Choose one that is harder to guess',
  description_min_length: 'Each key in the description must have at least 3 characters',
  description_tooltip: 'Description is invalid (minimal 3 chars)',
  greater_than_zero: 'The {field} must be greater than zero',
  decimal: 'The {field} must be a decimal number',
  decimal_places:
    'The {field} must be a number with at most {decimals, plural, one {# decimal place} other {# decimal places}}',
  story_name_empty: 'Story name cannot be empty',
  story_name_duplicate: 'Some story is already using this name',
  file_over_limit: 'The file is too large. Maximum file size: {maxSize}',
  text_characters:
    'The {field} contains characters that are not allowed (control or text-direction characters)',
  company_id_number:
    'The {field} must be 8 digits with a valid check digit (the last digit does not match)',
  vat_id_number:
    'The {field} must be a two-letter country code followed by 2 to 12 letters or digits (CZ and 8 to 10 digits for Czechia)',
  greater_than: 'The {field} must be greater than {min}',
  less_than: 'The {field} must be less than {max}',
  // An entry of a list, not a catalog's item (docs/glossary.md).
  min_items: 'The {field} must have at least {length, plural, one {# entry} other {# entries}}',
  max_items: 'The {field} may not have more than {length, plural, one {# entry} other {# entries}}',
  unknown_field: 'Unknown field {field}',
  default: '{field} is not valid',
};

// "Pole {field} …" keeps the sentence grammatical whatever the gender of the field's label.
const cs: Readonly<Record<MessageKey, string>> = {
  alpha: 'Pole {field} může obsahovat pouze písmena',
  alpha_num: 'Pole {field} může obsahovat pouze písmena a číslice',
  alpha_dash: 'Pole {field} může obsahovat pouze písmena, číslice, pomlčky a podtržítka',
  alpha_spaces: 'Pole {field} může obsahovat pouze písmena a mezery',
  between: 'Pole {field} musí být mezi {min} a {max}',
  confirmed: 'Pole {field} se neshoduje s potvrzením',
  digits:
    'Pole {field} musí obsahovat přesně {length, plural, one {# číslici} few {# číslice} other {# číslic}}',
  dimensions: 'Pole {field} musí mít rozměry {width} × {height} pixelů',
  email: 'Pole {field} musí být platná e-mailová adresa',
  excluded: 'Pole {field} nemá platnou hodnotu',
  not_one_of: 'Pole {field} nemá platnou hodnotu',
  ext: 'Pole {field} musí být soubor typu: {extensions}',
  image: 'Pole {field} musí být obrázek',
  integer: 'Pole {field} musí být celé číslo',
  length:
    'Pole {field} musí mít přesně {length, plural, one {# znak} few {# znaky} other {# znaků}}',
  max: 'Pole {field} nesmí být delší než {length, plural, one {# znak} few {# znaky} other {# znaků}}',
  max_value: 'Pole {field} musí být {max} nebo méně',
  mimes: 'Pole {field} musí mít platný typ souboru',
  min: 'Pole {field} musí mít alespoň {length, plural, one {# znak} few {# znaky} other {# znaků}}',
  min_value: 'Pole {field} musí být {min} nebo více',
  numeric: 'Pole {field} může obsahovat pouze číslice',
  one_of: 'Pole {field} nemá platnou hodnotu',
  regex: 'Pole {field} nemá platný formát',
  required: 'Pole {field} je povinné',
  required_if: 'Pole {field} je povinné',
  size: 'Soubor v poli {field} nesmí být větší než {size} KB',
  url: 'Pole {field} musí být platná URL adresa',
  password_strength: 'Heslo musí obsahovat alespoň 1 číslici a 1 písmeno a nesmí obsahovat mezeru',
  password_common: 'Toto heslo je příliš běžné. Zvolte takové, které se hůře uhodne',
  description_min_length: 'Popis musí mít v každém jazyce alespoň 3 znaky',
  description_tooltip: 'Popis je neplatný (alespoň 3 znaky)',
  greater_than_zero: 'Pole {field} musí být větší než nula',
  decimal: 'Pole {field} musí být desetinné číslo',
  decimal_places:
    'Pole {field} musí být číslo s nejvýše {decimals, plural, one {# desetinným místem} other {# desetinnými místy}}',
  story_name_empty: 'Název příběhu nesmí být prázdný',
  story_name_duplicate: 'Tento název už používá jiný příběh',
  file_over_limit: 'Soubor je příliš velký. Maximální velikost souboru: {maxSize}',
  text_characters: 'Pole {field} obsahuje nepovolené znaky (řídicí znaky nebo znaky směru textu)',
  company_id_number:
    'Pole {field} musí mít 8 číslic s platnou kontrolní číslicí (poslední číslice nesouhlasí)',
  vat_id_number:
    'Pole {field} musí začínat dvoupísmenným kódem země, za nímž následuje 2 až 12 písmen nebo číslic (pro Českou republiku CZ a 8 až 10 číslic)',
  greater_than: 'Pole {field} musí být větší než {min}',
  less_than: 'Pole {field} musí být menší než {max}',
  // Záznam seznamu, ne položka katalogu (docs/glossary.md).
  min_items:
    'Pole {field} musí mít alespoň {length, plural, one {# záznam} few {# záznamy} many {# záznamu} other {# záznamů}}',
  max_items:
    'Pole {field} nesmí mít více než {length, plural, one {# záznam} few {# záznamy} many {# záznamu} other {# záznamů}}',
  unknown_field: 'Neznámé pole {field}',
  default: 'Pole {field} není platné',
};

export const validationMessages: Readonly<Record<Locale, Readonly<Record<MessageKey, string>>>> = {
  en,
  cs,
};

/** What {field} reads when the caller names no field. */
export const UNNAMED_FIELD_LABEL: Readonly<Record<Locale, string>> = {
  en: 'value',
  cs: 'hodnota',
};
