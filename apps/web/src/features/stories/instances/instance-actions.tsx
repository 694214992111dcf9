// An instance's Copy and Delete buttons, named with the instance (no Copy when the story's catalog is deleted: a copy is a new instance), and their column's header.
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import TableCell from '@mui/material/TableCell';
import Tooltip from '@mui/material/Tooltip';
import ContentCopyIcon from '@mui/icons-material/ContentCopyOutlined';
import DeleteIcon from '@mui/icons-material/DeleteOutlined';
import { useTranslation } from 'react-i18next';
import { visuallyHidden } from '@/lib/visually-hidden';

export interface InstanceActionsProps {
  /** The instance's name as the row shows it. */
  name: string;
  canCopy: boolean;
  onCopy: () => void;
  onDelete: () => void;
}

export function InstanceActions({ name, canCopy, onCopy, onDelete }: InstanceActionsProps) {
  const { t } = useTranslation('instances');
  return (
    <>
      {canCopy ? (
        <Tooltip title={t('list.copy', { name })}>
          <IconButton aria-label={t('list.copy', { name })} onClick={onCopy}>
            <ContentCopyIcon fontSize="small" />
          </IconButton>
        </Tooltip>
      ) : null}
      <Tooltip title={t('list.delete', { name })}>
        <IconButton aria-label={t('list.delete', { name })} onClick={onDelete}>
          <DeleteIcon fontSize="small" />
        </IconButton>
      </Tooltip>
    </>
  );
}

/** The actions column's header: named for screen readers, empty on screen. */
export function InstanceActionsHeader({ width }: { width: number | string }) {
  const { t } = useTranslation('instances');
  return (
    <TableCell sx={{ width }} align="right">
      <Box component="span" sx={visuallyHidden}>
        {t('list.column.actions')}
      </Box>
    </TableCell>
  );
}
