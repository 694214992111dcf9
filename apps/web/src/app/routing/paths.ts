// Builders of the app's addresses, so links and the route table cannot drift apart.

// Optional segments of the spec's routes are simply left out when absent.
function joinSegments(segments: readonly (string | number | undefined)[]): string {
  return `/${segments.filter((segment) => segment !== undefined).join('/')}`;
}

export const paths = {
  home: () => '/',
  login: () => '/login',
  registration: () => '/registration',
  emailConfirm: () => '/email-confirm',
  catalogues: () => '/ctl',
  companyProfile: (userId: number) => `/company-profile/${userId}`,
  story: (storyId: number) => `/story-detail/${storyId}`,
  storyItems: (storyId: number, groupId?: number, labelIds: readonly number[] = []) =>
    joinSegments([
      'story-detail',
      storyId,
      'items',
      'groups',
      groupId,
      'itemsLabels',
      labelIds.length > 0 ? labelIds.join(',') : undefined,
    ]),
  storyLabels: (storyId: number) => `/story-detail/${storyId}/labels`,
  storyMembers: (storyId: number) => `/story-detail/${storyId}/members`,
  storySummary: (storyId: number, kind: 'roles' | 'phases' | 'ctl' | 'ict') =>
    `/story-detail/${storyId}/summary/${kind}`,
  storyLineups: (storyId: number) => `/story-detail/${storyId}/lineups`,
  catalog: (catalogId: number) => `/ctl/catalog-detail/${catalogId}`,
} as const;
