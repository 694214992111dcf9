// Czech texts of the company fields and the company profile page.
import type { Resource } from '../../resource-types';

export default {
  field: {
    name: 'Název společnosti',
    email: 'E-mail společnosti',
    phone: 'Telefon (nepovinné)',
    country: 'Země',
    city: 'Město',
    street: 'Ulice',
    streetNumber: 'Číslo popisné',
    zip: 'PSČ',
  },
  // How validation messages name the fields: "Pole název společnosti je povinné".
  fieldName: {
    name: 'název společnosti',
    email: 'e-mail společnosti',
    phone: 'telefon',
    country: 'země',
    city: 'město',
    street: 'ulice',
    streetNumber: 'číslo popisné',
    zip: 'PSČ',
  },
  profile: {
    title: 'Profil společnosti',
    intro: 'Tyto údaje se zobrazují na vašich nabídkách a vidí je vaši kolegové.',
    save: 'Uložit změny',
    discard: 'Zahodit změny',
    saved: 'Profil společnosti byl uložen',
    conflictTitle: 'Profil mezitím změnil někdo jiný',
    conflictMessage:
      'Zatímco jste profil upravovali, změnil ho někdo jiný. Vaše úpravy zůstaly ve formuláři. Načtěte nejnovější verzi, prohlédněte si jeho změny a své úpravy proveďte znovu.',
    loadLatest: 'Načíst nejnovější verzi',
    notFoundTitle: 'Společnost nenalezena',
    notFoundMessage:
      'Pro tohoto uživatele neexistuje profil společnosti, nebo ho nemáte oprávnění vidět.',
    loadFailed: 'Profil společnosti se nepodařilo načíst.',
    retry: 'Zkusit znovu',
  },
} satisfies Resource;
