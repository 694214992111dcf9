// The workflow buttons of an item (Move to pending … Complete, Delete): POST …/transitions {action, revision}.
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import ArrowForwardIcon from '@mui/icons-material/ArrowForward';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlined';
import TaskAltIcon from '@mui/icons-material/TaskAlt';
import { useTranslation } from 'react-i18next';
import { pickLocalized, type Catalog, type Item, type ItemTransitionAction } from '@costory/shared';
import { useConfirm } from '@/components/feedback/confirm-dialog';
import { useToast } from '@/components/feedback/toast';
import { useSession } from '@/lib/session';
import { useItemTransition } from '../api/items';
import { useUiLocale } from '@/hooks/use-catalog-locale';
import { isProblem, problemText } from '@/lib/problem-text';
import { offeredItemActions } from '../lib/workflow';

// Backward moves point left, forward moves right: the workflow reads PENDING -> COMPLETE.
const BACKWARD: Readonly<Partial<Record<Item['state'], readonly ItemTransitionAction[]>>> = {
  TO_INSPECT: ['MOVE_TO_PENDING'],
  TO_EQUATION: ['MOVE_TO_INSPECT'],
  COMPLETE: ['MOVE_TO_EQUATION'],
};

export interface ItemWorkflowProps {
  catalog: Catalog;
  item: Item;
  /** The revision the page's data is at (sent with the transition). */
  revision: number;
  /** After a move: the item as it is now; null when it was deleted (deprecated). */
  onChanged: (item: Item | null) => void;
}

export function ItemWorkflow({ catalog, item, revision, onChanged }: ItemWorkflowProps) {
  const { t } = useTranslation('catalogs');
  const { t: tDomain } = useTranslation('domain');
  const { t: tErrors } = useTranslation('errors');
  const confirm = useConfirm();
  const toast = useToast();
  const locale = useUiLocale();
  const { userId } = useSession();
  const transition = useItemTransition(catalog.id, item.id);
  const actions = offeredItemActions(item, catalog.myRole, userId);
  const name = pickLocalized(item.name, locale, catalog.defaultLanguage) || item.code;

  const onError = (error: unknown) => {
    if (isProblem(error, 'FORBIDDEN')) toast.error(tErrors('problem.FORBIDDEN'));
    else if (isProblem(error, 'CONFLICT')) toast.error(t('conflict.item'));
    else toast.error(problemText(error, t('workflow.failed')));
  };

  const run = (action: ItemTransitionAction) =>
    transition.mutateAsync({ action, revision }).then((changed) => {
      if (action === 'DEPRECATE') {
        toast.success(tErrors('success.deleted', { item: name }));
        onChanged(null);
        return;
      }
      if (changed?.state === 'COMPLETE') {
        toast.success(t('workflow.completed', { version: changed.version }));
      } else if (changed) {
        toast.success(t('workflow.moved', { state: tDomain(`itemState.${changed.state}`) }));
      }
      onChanged(changed ?? null);
    }, onError);

  const start = (action: ItemTransitionAction) => {
    if (action !== 'DEPRECATE') {
      void run(action);
      return;
    }
    confirm({
      title: t('workflow.deleteTitle'),
      message: t('workflow.deleteMessage', { name }),
      okButtonText: t('actions.delete'),
      onOk: () => run(action),
    });
  };

  if (actions.length === 0) return null;
  const backward = BACKWARD[item.state] ?? [];
  return (
    <Stack
      direction="row"
      spacing={1}
      useFlexGap
      sx={{ flexWrap: 'wrap' }}
      role="group"
      aria-label={t('workflow.title')}
    >
      {actions.map((action) => {
        const isBack = backward.includes(action);
        const icon =
          action === 'DEPRECATE' ? (
            <DeleteOutlineIcon />
          ) : action === 'MOVE_TO_COMPLETE' ? (
            <TaskAltIcon />
          ) : isBack ? (
            <ArrowBackIcon />
          ) : (
            <ArrowForwardIcon />
          );
        return (
          <Button
            key={action}
            size="small"
            variant={action === 'DEPRECATE' || isBack ? 'outlined' : 'contained'}
            color={action === 'DEPRECATE' ? 'error' : 'primary'}
            startIcon={icon}
            disabled={transition.isPending}
            onClick={() => start(action)}
          >
            {t(`workflow.action.${action}`)}
          </Button>
        );
      })}
    </Stack>
  );
}
