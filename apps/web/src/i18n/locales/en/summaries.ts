// English texts of the summaries: the story summaries by roles, phases, catalog groups and instances, their charts and the formula errors dialog.
export default {
  title: 'Summary',
};
