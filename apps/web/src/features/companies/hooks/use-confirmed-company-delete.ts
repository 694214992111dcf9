// Deleting a supplier or subscriber after the shell's confirm dialog, with the spec's "{item} deleted successfully" toast.
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { PartnerCompany } from '@costory/shared';
import { useConfirmedDelete } from '@/hooks/use-confirmed-delete';
import { useDeletePartnerCompany } from '../api/partner-companies';
import { partnerKeys } from '../api/query-keys';

/** `afterDelete` runs once the server has deleted the company, e.g. to leave its page; then its cache goes. */
export function useConfirmedCompanyDelete(
  afterDelete?: (company: PartnerCompany) => Promise<void> | void,
): (company: PartnerCompany) => void {
  const { t } = useTranslation('companies');
  const queryClient = useQueryClient();
  const deleteCompany = useDeletePartnerCompany();
  return useConfirmedDelete<PartnerCompany>({
    title: t('delete.title'),
    // A supplier's prices go with it; saying how many makes the loss plain.
    message: (company) =>
      company.priceCount > 0
        ? t('delete.messageWithPrices', { name: company.name, count: company.priceCount })
        : t('delete.message', { name: company.name }),
    name: (company) => company.name,
    failed: t('delete.failed'),
    remove: async (company) => {
      await deleteCompany.mutateAsync(company.id);
      await afterDelete?.(company);
      // Dropped only after `afterDelete` has left the company's page: dropped while that page is
      // still on screen, its query would refetch there and show a 404.
      queryClient.removeQueries({ queryKey: partnerKeys.scope(company.id) });
    },
  });
}
