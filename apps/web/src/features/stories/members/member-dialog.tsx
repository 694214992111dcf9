// Changing a member's role and description (admins): PUT with the shared storyMemberUpdateSchema.
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { storyMemberUpdateSchema, type Locale, type StoryMember } from '@costory/shared';
import { useToast } from '@/components/feedback/toast';
import { FormDialog } from '@/components/form-dialog';
import { FormTextField } from '@/components/form-text-field';
import { i18n } from '@/i18n';
import { ApiError } from '@/lib/api-client';
import { applyServerFieldErrors } from '@/lib/form-errors';
import { useLocalizedForm } from '@/lib/validation';
import { useStoryMemberMutations } from '../api/members';
import { RoleField } from './role-field';
import { useTeamProblemText } from './team-problem';

const FIELD_NAMES = ['role', 'description'] as const;

function fieldLabels(locale: Locale) {
  const t = i18n.getFixedT(locale, 'storyTeam');
  return Object.fromEntries(FIELD_NAMES.map((field) => [field, t(`fieldName.${field}`)]));
}

export interface MemberDialogProps {
  storyId: number;
  member: StoryMember;
  onClose: () => void;
}

export function MemberDialog({ storyId, member, onClose }: MemberDialogProps) {
  const { t } = useTranslation('storyTeam');
  const toast = useToast();
  const problemText = useTeamProblemText();
  const { update } = useStoryMemberMutations(storyId);
  const form = useLocalizedForm(storyMemberUpdateSchema, {
    defaultValues: { role: member.role, description: member.description },
    fieldLabels,
  });
  const name = member.name || member.email;

  const submit = form.handleSubmit((body) =>
    update.mutate(
      { memberId: member.id, body },
      {
        onSuccess: () => {
          toast.success(t('members.saved', { name }));
          onClose();
        },
        onError: (error) => {
          const shown =
            error instanceof ApiError &&
            error.code === 'VALIDATION_FAILED' &&
            applyServerFieldErrors(form.setError, error.errors, FIELD_NAMES);
          if (!shown) toast.error(problemText(error, t('members.saveFailed')));
        },
      },
    ),
  );

  return (
    <FormDialog
      open
      title={t('members.editTitle')}
      submitLabel={t('members.save')}
      submitting={update.isPending}
      onClose={onClose}
      onSubmit={(event) => void submit(event)}
    >
      <Typography sx={{ color: 'text.secondary', mb: 2, overflowWrap: 'anywhere' }}>
        {member.name ? t('members.editSubtitle', { name: member.name, email: member.email }) : name}
      </Typography>
      <RoleField control={form.control} name="role" autoFocus />
      <FormTextField
        control={form.control}
        name="description"
        label={t('fields.description')}
        multiline
        minRows={2}
        sx={{ mt: 1 }}
      />
    </FormDialog>
  );
}
