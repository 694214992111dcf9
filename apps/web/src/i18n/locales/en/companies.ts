// English texts of the company fields, the company profile page and the Companies area (suppliers, subscribers, price setup).
export default {
  field: {
    name: 'Company name',
    email: 'Company e-mail',
    phone: 'Phone (optional)',
    country: 'Country',
    city: 'City',
    street: 'Street',
    streetNumber: 'Street number',
    zip: 'ZIP code',
  },
  // How validation messages name the fields: "The company name is required".
  fieldName: {
    name: 'company name',
    email: 'company e-mail',
    phone: 'phone',
    country: 'country',
    city: 'city',
    street: 'street',
    streetNumber: 'street number',
    zip: 'ZIP code',
    price: 'price',
    percent: 'percentage',
  },
  profile: {
    title: 'Company profile',
    intro: 'These details appear on your quotes and are visible to your colleagues.',
    save: 'Save changes',
    discard: 'Discard changes',
    saved: 'Company profile saved',
    conflictTitle: 'Someone else changed this profile',
    conflictMessage:
      'The company profile was changed by someone else while you were editing it. Your changes are still in the form. Load the latest version to see theirs, then make your changes again.',
    loadLatest: 'Load the latest version',
    notFoundTitle: 'Company not found',
    notFoundMessage: 'There is no company profile for this user, or you may not see it.',
    loadFailed: 'The company profile could not be loaded.',
    retry: 'Try again',
  },
  kind: {
    SUPPLIER: 'Supplier',
    SUBSCRIBER: 'Subscriber',
  },
  list: {
    title: 'Companies',
    intro:
      'Your suppliers and subscribers. A supplier has its own prices for the roles of your catalogs; a subscriber is the customer you make quotes for.',
    tabs: 'Kind of company',
    tab: {
      SUPPLIER: 'Suppliers',
      SUBSCRIBER: 'Subscribers',
    },
    new: {
      SUPPLIER: 'New supplier',
      SUBSCRIBER: 'New subscriber',
    },
    search: 'Search by name, e-mail or city',
    loading: 'Loading companies',
    column: {
      name: 'Name',
      email: 'E-mail',
      phone: 'Phone',
      location: 'City, country',
      prices: 'Prices',
      actions: 'Actions',
    },
    location: '{{city}}, {{country}}',
    noPhone: 'No phone',
    emptyTitle: {
      SUPPLIER: 'No suppliers yet',
      SUBSCRIBER: 'No subscribers yet',
    },
    emptyText: {
      SUPPLIER:
        'Add the companies you buy work from with "New supplier", then open one to set its prices for the roles of your catalogs.',
      SUBSCRIBER: 'Add the customers you make quotes for with "New subscriber".',
    },
    noMatchTitle: 'No company matches the search',
    noMatchText: 'Try another name, e-mail or city, or clear the search.',
    clearSearch: 'Clear the search',
    loadFailed: 'Cannot load companies',
    loadFailedText: 'Check your connection and try again.',
    retry: 'Try again',
    loadMore: 'Load more',
  },
  dialog: {
    createTitle: {
      SUPPLIER: 'New supplier',
      SUBSCRIBER: 'New subscriber',
    },
    create: {
      SUPPLIER: 'Create supplier',
      SUBSCRIBER: 'Create subscriber',
    },
    created: {
      SUPPLIER: 'Supplier {{name}} created',
      SUBSCRIBER: 'Subscriber {{name}} created',
    },
    editTitle: 'Edit company',
    save: 'Save changes',
    saved: '{{name}} saved',
    conflict:
      'Someone else changed this company after you opened it. Your input is kept: load the latest version to see their changes, then save yours again.',
    gone: 'The company no longer exists.',
  },
  delete: {
    title: 'Delete company',
    message: 'Do you really want to delete {{name}}?',
    messageWithPrices_one:
      'Do you really want to delete {{name}}? Its {{count}} price is deleted with it.',
    messageWithPrices_other:
      'Do you really want to delete {{name}}? Its {{count}} prices are deleted with it.',
    failed: 'The company could not be deleted.',
  },
  detail: {
    back: {
      SUPPLIER: 'All suppliers',
      SUBSCRIBER: 'All subscribers',
    },
    details: 'Company details',
    email: 'E-mail',
    phone: 'Phone',
    address: 'Address',
    street: '{{street}} {{streetNumber}}',
    city: '{{zip}} {{city}}',
    edit: 'Edit',
    delete: 'Delete',
    loadFailed: 'Cannot load the company',
    loadFailedText: 'Check your connection and try again.',
    retry: 'Try again',
    subscriberNote:
      'Subscribers are the customers you make quotes for, so they have no prices of their own.',
  },
  prices: {
    title: 'Price setup',
    intro:
      "The supplier's price for each role of the catalogs your stories use. An empty price means the catalog's price applies.",
    catalog: '{{code}} · prices in {{currency}}',
    form: 'Prices in {{catalog}}',
    column: {
      role: 'Role',
      unit: 'Unit',
      catalogPrice: 'Catalog price',
      price: "Supplier's price",
    },
    perUnit: '{{price}} / {{unit}}',
    priceLabel: "Supplier's price of {{role}}",
    noRoles: 'This catalog has no roles yet, so there is nothing to price.',
    save: 'Save prices',
    discard: 'Discard changes',
    saved_one: '{{count}} price saved in {{catalog}}',
    saved_other: '{{count}} prices saved in {{catalog}}',
    conflict:
      "Someone else changed this supplier's prices after you opened them. Nothing was saved and your input is kept: load the latest prices, then enter your changes again.",
    loadFailedText: 'Check your connection and try again.',
    retry: 'Try again',
    emptyTitle: 'No catalogs to price yet',
    emptyText:
      "The price setup lists the catalogs your stories use. Create a story from a catalog, and its roles appear here with the catalog's prices.",
    loading: 'Loading prices',
  },
  adjust: {
    open: 'Change by percentage',
    title: 'Change prices by percentage',
    intro:
      "Raises or lowers the supplier's own prices by a percentage, rounded to cents. Roles that use the catalog's price stay as they are. Preview the change, then apply it.",
    percent: 'Change',
    percentHint: 'From −90 % to +500 %, e.g. 5 or -10.5',
    catalog: 'Catalog',
    allCatalogs: 'All catalogs',
    preview: 'Preview',
    apply: 'Apply',
    previewTable: 'Preview of the changed prices',
    column: {
      catalog: 'Catalog',
      role: 'Role',
      before: 'Before',
      after: 'After',
    },
    changes_one: '{{count}} price will change:',
    changes_other: '{{count}} prices will change:',
    nothing:
      'There is no supplier price to change. Set some prices first: roles that use the catalog price are not changed.',
    applied_one: '{{count}} price changed',
    applied_other: '{{count}} prices changed',
    previewFailed: 'The preview could not be made.',
  },
};
