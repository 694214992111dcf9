// Creating an invite link with a role and a validity: the new link goes straight to the clipboard, or is shown to copy by hand.
import { useId, useState } from 'react';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { INVITE_DEFAULT_DAYS } from '@costory/shared';
import { useSnackbarNotice } from '@/components/feedback/snackbar-notice';
import { useToast } from '@/components/feedback/toast';
import { FormDialog } from '@/components/form-dialog';
import { useLocalizedForm } from '@/lib/validation';
import { useStoryInviteMutations } from '../api/invites';
import { absoluteUrl, copyText } from './clipboard';
import { DaysField } from './days-field';
import { inviteFieldLabels, linkInviteFormSchema } from './invite-forms';
import { RoleField } from './role-field';
import { useTeamProblemText } from './team-problem';

/** Shown when the browser refused the clipboard: the link, selected, to copy by hand. */
function CopyByHand({ url, onClose }: { url: string; onClose: () => void }) {
  const { t } = useTranslation('storyTeam');
  const { t: tCommon } = useTranslation();
  const titleId = useId();
  return (
    <Dialog open onClose={onClose} maxWidth="sm" fullWidth aria-labelledby={titleId}>
      <DialogTitle id={titleId}>{t('invites.linkCreatedTitle')}</DialogTitle>
      <DialogContent dividers>
        <Typography sx={{ mb: 2 }}>{t('invites.copyManually')}</Typography>
        <TextField
          fullWidth
          label={t('invites.linkLabel')}
          value={url}
          autoFocus
          onFocus={(event) => event.target.select()}
          slotProps={{ htmlInput: { readOnly: true } }}
        />
      </DialogContent>
      <DialogActions sx={{ px: 3, py: 2 }}>
        <Button variant="contained" onClick={onClose}>
          {tCommon('actions.close')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

export function InviteLinkDialog({ storyId, onClose }: { storyId: number; onClose: () => void }) {
  const { t } = useTranslation('storyTeam');
  const { t: tErrors } = useTranslation('errors');
  const toast = useToast();
  const notice = useSnackbarNotice();
  const problemText = useTeamProblemText();
  const { create } = useStoryInviteMutations(storyId);
  const [uncopiedUrl, setUncopiedUrl] = useState<string | null>(null);
  const form = useLocalizedForm(linkInviteFormSchema, {
    defaultValues: { role: 'CTL_READER', expiresInDays: INVITE_DEFAULT_DAYS },
    fieldLabels: inviteFieldLabels,
  });

  const submit = form.handleSubmit(async ({ role, expiresInDays }) => {
    let url: string;
    try {
      url = absoluteUrl((await create.mutateAsync({ role, expiresInDays })).url);
    } catch (error) {
      toast.error(problemText(error, t('invites.createFailed')));
      return;
    }
    if (await copyText(url)) {
      notice.show(tErrors('success.inviteLinkCopied'));
      onClose();
    } else {
      setUncopiedUrl(url);
    }
  });

  if (uncopiedUrl !== null) return <CopyByHand url={uncopiedUrl} onClose={onClose} />;
  return (
    <FormDialog
      open
      title={t('invites.linkTitle')}
      submitLabel={t('invites.createAndCopy')}
      submitting={create.isPending}
      onClose={onClose}
      onSubmit={(event) => void submit(event)}
    >
      <Typography sx={{ color: 'text.secondary', mb: 2 }}>{t('invites.linkIntro')}</Typography>
      <RoleField control={form.control} name="role" autoFocus />
      <DaysField control={form.control} name="expiresInDays" />
    </FormDialog>
  );
}
