// Path parameters of the story routes: integer ids (design.md §5), anything else is 400.
import { z } from 'zod';
import { idParam as id } from '../../../lib/params';

export const storyParams = z.object({ storyId: id });
export const instanceParams = storyParams.extend({ instanceId: id });
export const storyLabelParams = storyParams.extend({ labelId: id });
