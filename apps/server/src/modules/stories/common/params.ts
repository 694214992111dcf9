// Path parameters of the story routes: integer ids (design.md §5) and access codes; anything else is 400.
import { z } from 'zod';
import { idParam as id } from '../../../lib/params';

export const storyParams = z.object({ storyId: id });
export const instanceParams = storyParams.extend({ instanceId: id });
export const storyLabelParams = storyParams.extend({ labelId: id });
export const storyMemberParams = storyParams.extend({ memberId: id });
export const storyInviteParams = storyParams.extend({ inviteId: id });
export const lineupParams = storyParams.extend({ lineupId: id });
// Any text: what is not a code of ours is simply unknown (the /public-access page says so).
// Fastify refuses path parameters over 100 characters before this runs.
export const accessCodeParams = z.object({ code: z.string().min(1).max(100) });
export const versionParams = storyParams.extend({ versionId: id });
export const versionLineupParams = versionParams.extend({ lineupId: id });
