// Inside the instance editor: someone else saved (their version, take theirs or keep mine) or deleted the instance meanwhile.
import type { ReactNode } from 'react';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { useTranslation } from 'react-i18next';
import type { Instance } from '@costory/shared';
import type { LiveInstanceConflict } from './use-instance-live';

export interface LiveConflictAlertProps {
  conflict: LiveInstanceConflict;
  /** Their version in words (name, level, values). */
  describe: (theirs: Instance) => ReactNode;
  onTake: (theirs: Instance) => void;
  onKeep: (theirs: Instance) => void;
}

export function LiveConflictAlert({ conflict, describe, onTake, onKeep }: LiveConflictAlertProps) {
  const { t } = useTranslation('live');
  const { t: tStories } = useTranslation('stories');
  const name = conflict.name ?? tStories('events.someone');
  if (conflict.kind === 'deleted') {
    return (
      <Alert severity="error" role="alert" sx={{ mb: 2 }}>
        {t('conflict.deleted', { name })}
      </Alert>
    );
  }
  const { theirs } = conflict;
  return (
    <Alert severity="warning" role="alert" sx={{ mb: 2, '& .MuiAlert-message': { flexGrow: 1 } }}>
      <AlertTitle>{t('conflict.updated', { name })}</AlertTitle>
      {theirs ? (
        <Box component="section" aria-label={t('conflict.theirValues')}>
          {describe(theirs)}
          <Box sx={{ display: 'flex', gap: 1, mt: 1, flexWrap: 'wrap' }}>
            <Button size="small" variant="outlined" color="inherit" onClick={() => onTake(theirs)}>
              {t('conflict.take')}
            </Button>
            <Button size="small" color="inherit" onClick={() => onKeep(theirs)}>
              {t('conflict.keep')}
            </Button>
          </Box>
        </Box>
      ) : conflict.failed ? (
        t('conflict.loadFailed')
      ) : (
        t('conflict.loading')
      )}
    </Alert>
  );
}
