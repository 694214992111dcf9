// Describing what a member (or a pending invitee) does in the catalog (admins): PUT with the shared memberUpdateSchema.
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { memberUpdateSchema, type Member } from '@costory/shared';
import { useToast } from '@/components/feedback/toast';
import { FormDialog } from '@/components/form-dialog';
import { FormTextField } from '@/components/form-text-field';
import { i18n } from '@/i18n';
import { applyServerFieldErrors } from '@/lib/form-errors';
import { useLocalizedForm } from '@/lib/validation';
import { useUpdateMember } from '../api/members';
import { isProblem, problemText } from '@/lib/problem-text';

export function MemberDescriptionDialog({
  catalogId,
  member,
  onClose,
}: {
  catalogId: number;
  member: Member;
  onClose: () => void;
}) {
  const { t } = useTranslation('catalogs');
  const toast = useToast();
  const update = useUpdateMember(catalogId);
  const form = useLocalizedForm(memberUpdateSchema, {
    defaultValues: { role: member.role, description: member.description },
    fieldLabels: (locale) => ({
      description: i18n.getFixedT(locale, 'catalogs')('fieldName.description'),
    }),
  });
  const name = member.name || member.email;

  return (
    <FormDialog
      open
      title={t('members.describeTitle')}
      submitLabel={t('actions.save')}
      submitting={update.isPending}
      onClose={onClose}
      onSubmit={(event) =>
        void form.handleSubmit((body) =>
          update.mutate(
            { memberId: member.id, body },
            {
              onSuccess: () => {
                toast.success(t('members.described', { name }));
                onClose();
              },
              onError: (error) => {
                const shown =
                  isProblem(error, 'VALIDATION_FAILED') &&
                  applyServerFieldErrors(form.setError, error.errors, ['description']);
                if (!shown) toast.error(problemText(error, t('members.describeFailed')));
              },
            },
          ),
        )(event)
      }
    >
      <Typography sx={{ color: 'text.secondary', mb: 2, overflowWrap: 'anywhere' }}>
        {name}
      </Typography>
      <FormTextField
        control={form.control}
        name="description"
        label={t('fields.description')}
        helperText={t('members.descriptionHelp')}
        multiline
        minRows={2}
        autoFocus
      />
    </FormDialog>
  );
}
