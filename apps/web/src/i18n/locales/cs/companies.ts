// Czech texts of the company fields, the company profile page and the Companies area (suppliers, subscribers, price setup).
import type { Resource } from '@/i18n/resource-types';

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
    ico: 'IČO (nepovinné)',
    dic: 'DIČ (nepovinné)',
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
    ico: 'IČO',
    dic: 'DIČ',
    price: 'cena',
    percent: 'procento',
  },
  logo: {
    title: 'Logo',
    hint: 'Obrázek PNG nebo JPEG o velikosti nejvýše 512 KB, který se tiskne v záhlaví nabídek.',
    alt: 'Logo společnosti',
    none: 'Logo není nahráno',
    upload: 'Nahrát logo',
    replace: 'Nahradit logo',
    remove: 'Odebrat logo',
    uploaded: 'Logo bylo nahráno',
    removed: 'Logo bylo odebráno',
    failed: 'Logo se nepodařilo uložit.',
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
  kind: {
    SUPPLIER: 'Dodavatel',
    SUBSCRIBER: 'Odběratel',
  },
  list: {
    title: 'Společnosti',
    intro:
      'Vaši dodavatelé a odběratelé. Dodavatel má vlastní ceny rolí z vašich katalogů; odběratel je společnost, pro kterou připravujete nabídky.',
    tabs: 'Druh společnosti',
    tab: {
      SUPPLIER: 'Dodavatelé',
      SUBSCRIBER: 'Odběratelé',
    },
    new: {
      SUPPLIER: 'Nový dodavatel',
      SUBSCRIBER: 'Nový odběratel',
    },
    search: 'Hledat podle názvu, e-mailu nebo města',
    loading: 'Načítání společností',
    column: {
      name: 'Název',
      email: 'E-mail',
      phone: 'Telefon',
      location: 'Město, země',
      prices: 'Ceny',
      actions: 'Akce',
    },
    location: '{{city}}, {{country}}',
    noPhone: 'Bez telefonu',
    emptyTitle: {
      SUPPLIER: 'Zatím žádní dodavatelé',
      SUBSCRIBER: 'Zatím žádní odběratelé',
    },
    emptyText: {
      SUPPLIER:
        'Přidejte společnosti, od kterých práci nakupujete, tlačítkem „Nový dodavatel“ a pak u nich nastavte ceny rolí z vašich katalogů.',
      SUBSCRIBER:
        'Přidejte společnosti, pro které připravujete nabídky, tlačítkem „Nový odběratel“.',
    },
    noMatchTitle: 'Hledání neodpovídá žádná společnost',
    noMatchText: 'Zkuste jiný název, e-mail nebo město, nebo hledání vymažte.',
    clearSearch: 'Vymazat hledání',
    loadFailed: 'Společnosti se nepodařilo načíst',
    loadFailedText: 'Zkontrolujte připojení a zkuste to znovu.',
    retry: 'Zkusit znovu',
    loadMore: 'Načíst další',
  },
  dialog: {
    createTitle: {
      SUPPLIER: 'Nový dodavatel',
      SUBSCRIBER: 'Nový odběratel',
    },
    create: {
      SUPPLIER: 'Vytvořit dodavatele',
      SUBSCRIBER: 'Vytvořit odběratele',
    },
    created: {
      SUPPLIER: 'Dodavatel {{name}} byl vytvořen',
      SUBSCRIBER: 'Odběratel {{name}} byl vytvořen',
    },
    editTitle: 'Upravit společnost',
    save: 'Uložit změny',
    saved: 'Společnost {{name}} byla uložena',
    conflict:
      'Zatímco jste společnost upravovali, změnil ji někdo jiný. Vaše úpravy zůstaly ve formuláři: načtěte nejnovější verzi, prohlédněte si jeho změny a své uložte znovu.',
    gone: 'Společnost už neexistuje.',
  },
  delete: {
    title: 'Smazat společnost',
    message: 'Opravdu chcete smazat společnost {{name}}?',
    messageWithPrices_one:
      'Opravdu chcete smazat společnost {{name}}? Smaže se i její {{count}} cena.',
    messageWithPrices_few:
      'Opravdu chcete smazat společnost {{name}}? Smažou se i její {{count}} ceny.',
    messageWithPrices_many:
      'Opravdu chcete smazat společnost {{name}}? Smaže se i jejích {{count}} ceny.',
    messageWithPrices_other:
      'Opravdu chcete smazat společnost {{name}}? Smaže se i jejích {{count}} cen.',
    failed: 'Společnost se nepodařilo smazat.',
  },
  detail: {
    back: {
      SUPPLIER: 'Všichni dodavatelé',
      SUBSCRIBER: 'Všichni odběratelé',
    },
    details: 'Údaje o společnosti',
    email: 'E-mail',
    phone: 'Telefon',
    address: 'Adresa',
    street: '{{street}} {{streetNumber}}',
    city: '{{zip}} {{city}}',
    edit: 'Upravit',
    delete: 'Smazat',
    loadFailed: 'Společnost se nepodařilo načíst',
    loadFailedText: 'Zkontrolujte připojení a zkuste to znovu.',
    retry: 'Zkusit znovu',
    subscriberNote:
      'Odběratelé jsou společnosti, pro které připravujete nabídky, proto nemají vlastní ceny.',
  },
  prices: {
    title: 'Nastavení cen',
    intro:
      'Cena dodavatele za každou roli z katalogů, které používají vaše příběhy. Prázdná cena znamená, že platí cena katalogu.',
    catalog: '{{code}} · ceny v {{currency}}',
    form: 'Ceny v katalogu {{catalog}}',
    column: {
      role: 'Role',
      unit: 'Jednotka',
      catalogPrice: 'Cena katalogu',
      price: 'Cena dodavatele',
    },
    perUnit: '{{price}} / {{unit}}',
    priceLabel: 'Cena dodavatele za roli {{role}}',
    noRoles: 'Tento katalog zatím nemá žádné role, není tedy co nacenit.',
    save: 'Uložit ceny',
    discard: 'Zahodit změny',
    saved_one: 'V katalogu {{catalog}} byla uložena {{count}} cena',
    saved_few: 'V katalogu {{catalog}} byly uloženy {{count}} ceny',
    saved_many: 'V katalogu {{catalog}} bylo uloženo {{count}} ceny',
    saved_other: 'V katalogu {{catalog}} bylo uloženo {{count}} cen',
    conflict:
      'Zatímco jste ceny upravovali, změnil je někdo jiný. Nic nebylo uloženo a vaše úpravy zůstaly ve formuláři: načtěte nejnovější ceny a své změny zadejte znovu.',
    loadFailedText: 'Zkontrolujte připojení a zkuste to znovu.',
    retry: 'Zkusit znovu',
    emptyTitle: 'Zatím není co nacenit',
    emptyText:
      'Nastavení cen ukazuje katalogy, které používají vaše příběhy. Založte příběh z katalogu a jeho role se tu objeví s cenami katalogu.',
    loading: 'Načítání cen',
    export: 'Exportovat ceny (.xlsx)',
    exported: 'Staženo: {{name}}',
    exportFailed: 'Ceny dodavatele se nepodařilo stáhnout. Zkuste to znovu.',
  },
  adjust: {
    open: 'Změnit o procento',
    title: 'Změnit ceny o procento',
    intro:
      'Zvýší nebo sníží vlastní ceny dodavatele o zadané procento a zaokrouhlí je na haléře. Role s cenou katalogu se nemění. Změnu si nejdřív prohlédněte, pak ji použijte.',
    percent: 'Změna',
    percentHint: 'Od −90 % do +500 %, např. 5 nebo -10,5',
    catalog: 'Katalog',
    allCatalogs: 'Všechny katalogy',
    preview: 'Náhled',
    apply: 'Použít',
    previewTable: 'Náhled změněných cen',
    column: {
      catalog: 'Katalog',
      role: 'Role',
      before: 'Před',
      after: 'Po',
    },
    changes_one: 'Změní se {{count}} cena:',
    changes_few: 'Změní se {{count}} ceny:',
    changes_many: 'Změní se {{count}} ceny:',
    changes_other: 'Změní se {{count}} cen:',
    nothing:
      'Dodavatel nemá žádnou cenu, kterou by šlo změnit. Nejdřív nastavte ceny: role s cenou katalogu se nemění.',
    applied_one: 'Změněna {{count}} cena',
    applied_few: 'Změněny {{count}} ceny',
    applied_many: 'Změněno {{count}} ceny',
    applied_other: 'Změněno {{count}} cen',
    previewFailed: 'Náhled se nepodařilo připravit.',
  },
} satisfies Resource;
