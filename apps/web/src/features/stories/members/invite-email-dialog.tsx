// Inviting someone by e-mail with a role and a validity: the server mails them the link (POST …/invites with email).
import { useTranslation } from 'react-i18next';
import { INVITE_DEFAULT_DAYS } from '@costory/shared';
import { useToast } from '@/components/feedback/toast';
import { FormDialog } from '@/components/form-dialog';
import { FormTextField } from '@/components/form-text-field';
import { ApiError } from '@/lib/api-client';
import { applyServerFieldErrors } from '@/lib/form-errors';
import { useLocalizedForm } from '@/lib/validation';
import { useStoryInviteMutations } from '../api/invites';
import { DaysField } from './days-field';
import { emailInviteFormSchema, INVITE_FIELD_NAMES, inviteFieldLabels } from './invite-forms';
import { RoleField } from './role-field';
import { useTeamProblemText } from './team-problem';

export function InviteEmailDialog({ storyId, onClose }: { storyId: number; onClose: () => void }) {
  const { t } = useTranslation('storyTeam');
  const toast = useToast();
  const problemText = useTeamProblemText();
  const { create } = useStoryInviteMutations(storyId);
  const form = useLocalizedForm(emailInviteFormSchema, {
    // The least-privileged role first: an admin raises it on purpose.
    defaultValues: { email: '', role: 'CTL_READER', expiresInDays: INVITE_DEFAULT_DAYS },
    fieldLabels: inviteFieldLabels,
  });

  const submit = form.handleSubmit(({ email, role, expiresInDays }) =>
    create.mutate(
      { email, role, expiresInDays },
      {
        onSuccess: () => {
          toast.success(t('invites.sent', { email }));
          onClose();
        },
        onError: (error) => {
          const shown =
            error instanceof ApiError &&
            error.code === 'VALIDATION_FAILED' &&
            applyServerFieldErrors(form.setError, error.errors, INVITE_FIELD_NAMES);
          if (!shown) toast.error(problemText(error, t('invites.sendFailed')));
        },
      },
    ),
  );

  return (
    <FormDialog
      open
      title={t('invites.emailTitle')}
      submitLabel={t('invites.send')}
      submitting={create.isPending}
      onClose={onClose}
      onSubmit={(event) => void submit(event)}
    >
      <FormTextField
        control={form.control}
        name="email"
        type="email"
        autoComplete="email"
        label={t('fields.email')}
        required
        autoFocus
        sx={{ mt: 1 }}
      />
      <RoleField control={form.control} name="role" />
      <DaysField control={form.control} name="expiresInDays" />
    </FormDialog>
  );
}
