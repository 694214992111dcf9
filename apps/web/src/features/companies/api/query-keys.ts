// Query keys of the Companies area: everything of one partner company sits under ['partner-company', id], so one call can drop it.
import type { PartnerKind } from '@costory/shared';

export const partnerKeys = {
  lists: () => ['partner-companies', 'list'] as const,
  list: (params: { kind: PartnerKind; q: string }) =>
    ['partner-companies', 'list', params] as const,
  scope: (companyId: number) => ['partner-company', companyId] as const,
  detail: (companyId: number) => ['partner-company', companyId, 'detail'] as const,
  prices: (companyId: number) => ['partner-company', companyId, 'prices'] as const,
};
