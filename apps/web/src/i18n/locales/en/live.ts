// English texts of a story's live updates (who else has it open, others' changes, the editor's conflict): loaded with the live connection, not at start (i18n/live-texts.ts).
export default {
  others: 'Also in this story',
  you: 'You',
  editing: '{{name}} is editing this instance',
  noticeTitle: 'Changes by others',
  one: '{{name}} {{action}}',
  many_one: '{{name}} made {{count}} change',
  many_other: '{{name}} made {{count}} changes',
  dismiss: 'Dismiss',
  ended: {
    ACCESS_LOST: 'You no longer have access to this story.',
    STORY_DELETED: 'This story was deleted.',
    NOT_FOUND: 'This story is no longer available to you.',
  },
  toList: 'Go to the story list',
  conflict: {
    updated: '{{name}} saved this instance meanwhile.',
    deleted: '{{name}} deleted this instance meanwhile. It can no longer be saved.',
    theirValues: 'Their version',
    loading: 'Loading their version…',
    loadFailed: 'Their version could not be loaded.',
    take: 'Take their values',
    keep: 'Keep mine',
  },
};
