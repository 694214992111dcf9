// Deleting a row after the shell's confirm dialog, with the spec's "{item} deleted successfully" toast or a failure toast.
import { useTranslation } from 'react-i18next';
import { useConfirm } from '@/components/feedback/confirm-dialog';
import { useToast } from '@/components/feedback/toast';
import { problemText } from '@/lib/problem-text';

export interface ConfirmedDeleteOptions<T> {
  title: string;
  /** The question the dialog asks about this row. */
  message: (row: T) => string;
  /** The row's name as the success toast says it. */
  name: (row: T) => string;
  /** The toast when the server refuses without a more specific reason. */
  failed: string;
  remove: (row: T) => Promise<unknown>;
}

export function useConfirmedDelete<T>(options: ConfirmedDeleteOptions<T>): (row: T) => void {
  const { t } = useTranslation('catalogs');
  const { t: tErrors } = useTranslation('errors');
  const confirm = useConfirm();
  const toast = useToast();
  return (row) =>
    confirm({
      title: options.title,
      message: options.message(row),
      okButtonText: t('actions.delete'),
      onOk: async () => {
        try {
          await options.remove(row);
          toast.success(tErrors('success.deleted', { item: options.name(row) }));
        } catch (error) {
          toast.error(problemText(error, options.failed));
        }
      },
    });
}
