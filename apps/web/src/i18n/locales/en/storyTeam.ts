// English texts of the storyTeam: the story's labels and members pages, invites and the public access page.
export default {
  title: 'Members',
};
