// English texts of the company fields and the company profile page.
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
};
