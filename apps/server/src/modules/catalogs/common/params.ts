// Path parameters of the catalogue routes: integer ids (design.md §5), anything else is 400.
import { z } from 'zod';
import { idParam as id } from '../../../lib/params';

export const catalogParams = z.object({ catalogId: id });
export const groupParams = catalogParams.extend({ groupId: id });
export const phaseParams = catalogParams.extend({ phaseId: id });
export const roleParams = catalogParams.extend({ roleId: id });
export const labelParams = catalogParams.extend({ labelId: id });
export const itemParams = catalogParams.extend({ itemId: id });
export const memberParams = catalogParams.extend({ memberId: id });
export const clientParams = catalogParams.extend({ companyId: id });
