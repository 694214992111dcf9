// English texts used across the whole app: actions, dialog defaults, counts.
export default {
  appName: 'Costory',
  actions: {
    ok: 'OK',
    cancel: 'Cancel',
    close: 'Close',
    goHome: 'Go to the home page',
    goBack: 'Go back',
    retry: 'Try again',
  },
  confirm: {
    title: 'Confirm',
  },
  loading: 'Loading…',
  elementCount_one: '{{count}} element',
  elementCount_other: '{{count}} elements',
  itemCount_one: '{{count}} item',
  itemCount_other: '{{count}} items',
};
