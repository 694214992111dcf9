// The version page's ways back (decision 0042, restore): "Restore into story" after a confirmation that the current state is kept first (RESTORE_VERSIONS), with the way forward when the story changed meanwhile (409), and "New story from this version".
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import ContentCopyIcon from '@mui/icons-material/ContentCopyOutlined';
import RestoreIcon from '@mui/icons-material/Restore';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link as RouterLink, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { storyRoleAllows, type Story, type StoryVersion } from '@costory/shared';
import { useConfirm } from '@/components/feedback/confirm-dialog';
import { useToast } from '@/components/feedback/toast';
import { isProblem, problemText } from '@/lib/problem-text';
import { paths } from '@/lib/routing/paths';
import { useProblemMessage } from '@/lib/use-problem-message';
import { getStoryQueryOptions } from '../api/story';
import { useRestoreVersion } from '../api/version-restore';
import { CopyVersionDialog } from './copy-version-dialog';

/** Who may do what here: restoring is RESTORE_VERSIONS; a new story follows copying a story. */
export function versionActionsOf(story: Story) {
  const open = !story.catalog.deleted;
  return {
    restore: open && storyRoleAllows(story.myRole, 'RESTORE_VERSIONS'),
    copy: open && story.myRole !== 'ICT_CUSTOMER',
  };
}

type Version = Pick<StoryVersion, 'id' | 'name'>;

function StoryChangedDialog({
  story,
  version,
  retrying,
  onRetry,
  onClose,
}: {
  story: Story;
  version: Version;
  retrying: boolean;
  onRetry: () => void;
  onClose: () => void;
}) {
  const { t } = useTranslation('stories');
  const problemMessage = useProblemMessage();
  return (
    <Dialog open onClose={retrying ? undefined : onClose} aria-labelledby="story-changed-title">
      <DialogTitle id="story-changed-title">{t('versionRestore.changedTitle')}</DialogTitle>
      <DialogContent>
        <DialogContentText>{problemMessage('STORY_CHANGED_SINCE')}</DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={retrying}>
          {t('versionRestore.cancel')}
        </Button>
        <Button
          component={RouterLink}
          to={paths.storyVersionComparison(story.id, version.id, 'live')}
        >
          {t('versionRestore.compare')}
        </Button>
        <Button variant="contained" loading={retrying} onClick={onRetry}>
          {t('versionRestore.tryAgain')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

export function VersionRestoreActions({ story, version }: { story: Story; version: Version }) {
  const { t } = useTranslation('stories');
  const toast = useToast();
  const confirm = useConfirm();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const restore = useRestoreVersion(story.id);
  const [changed, setChanged] = useState(false);
  const [copying, setCopying] = useState(false);
  const allowed = versionActionsOf(story);
  if (!allowed.restore && !allowed.copy) return null;

  /** Restores with what the page shows of the live story; a newer story is the 409's to explain. */
  const restoreWith = async (contentVersion: number) => {
    try {
      const answer = await restore.mutateAsync({ versionId: version.id, contentVersion });
      setChanged(false);
      toast.success(
        t('versionRestore.restored', { name: version.name, keptAs: answer.keptAs.name }),
      );
      if (answer.retiredItems.length > 0) {
        const codes = answer.retiredItems.map((item) => item.code).join(', ');
        toast.info(t('versionRestore.retiredItems', { codes }));
      }
      void navigate(paths.story(story.id));
    } catch (error) {
      if (isProblem(error, 'STORY_CHANGED_SINCE')) {
        setChanged(true);
        return;
      }
      setChanged(false);
      toast.error(problemText(error, t('versionRestore.restoreFailed')));
    }
  };

  /** "Try again": the story as it is now, then the restore with it. */
  const retry = async () => {
    try {
      const fresh = await queryClient.fetchQuery({
        ...getStoryQueryOptions(story.id),
        staleTime: 0,
      });
      await restoreWith(fresh.contentVersion);
    } catch (error) {
      setChanged(false);
      toast.error(problemText(error, t('versionRestore.restoreFailed')));
    }
  };

  const askRestore = () =>
    confirm({
      title: t('versionRestore.restoreTitle'),
      message: t('versionRestore.restoreText', { name: version.name }),
      okButtonText: t('versionRestore.restoreSubmit'),
      onOk: () => restoreWith(story.contentVersion),
    });

  return (
    <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', mb: 3 }}>
      {allowed.restore ? (
        <Button variant="outlined" startIcon={<RestoreIcon />} onClick={askRestore}>
          {t('versionRestore.restore')}
        </Button>
      ) : null}
      {allowed.copy ? (
        <Button variant="outlined" startIcon={<ContentCopyIcon />} onClick={() => setCopying(true)}>
          {t('versionRestore.copy')}
        </Button>
      ) : null}
      {changed ? (
        <StoryChangedDialog
          story={story}
          version={version}
          retrying={restore.isPending}
          onRetry={() => void retry()}
          onClose={() => setChanged(false)}
        />
      ) : null}
      {copying ? (
        <CopyVersionDialog story={story} version={version} onClose={() => setCopying(false)} />
      ) : null}
    </Box>
  );
}
