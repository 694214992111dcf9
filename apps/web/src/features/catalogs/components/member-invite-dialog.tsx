// Inviting a member by e-mail with a catalog role (the shared memberInviteSchema).
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { Controller } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { CATALOG_INVITABLE_ROLES, memberInviteSchema, type Catalog } from '@costory/shared';
import { useToast } from '@/components/feedback/toast';
import { FormTextField } from '@/components/form-text-field';
import { i18n } from '@/i18n';
import { applyServerFieldErrors } from '@/lib/form-errors';
import { useLocalizedForm } from '@/lib/validation';
import { useInviteMember, type InvitableRole } from '../api/members';
import { isProblem, problemText } from '@/lib/problem-text';
import { FormDialog } from '@/components/form-dialog';

export function MemberInviteDialog({
  catalog,
  onClose,
}: {
  catalog: Catalog;
  onClose: () => void;
}) {
  const { t } = useTranslation('catalogs');
  const { t: tDomain } = useTranslation('domain');
  const toast = useToast();
  const invite = useInviteMember(catalog.id);
  const form = useLocalizedForm(memberInviteSchema, {
    defaultValues: { email: '', role: 'CTL_READER' },
    fieldLabels: (locale) => {
      const tFixed = i18n.getFixedT(locale, 'catalogs');
      return { email: tFixed('fieldName.email'), role: tFixed('fieldName.role') };
    },
  });

  return (
    <FormDialog
      open
      title={t('members.inviteTitle')}
      submitLabel={t('members.sendInvite')}
      submitting={invite.isPending}
      onClose={onClose}
      onSubmit={(event) =>
        void form.handleSubmit((body) =>
          invite.mutate(body, {
            onSuccess: () => {
              toast.success(t('members.invited', { email: body.email }));
              onClose();
            },
            onError: (error) => {
              const shown =
                isProblem(error, 'VALIDATION_FAILED') &&
                applyServerFieldErrors(form.setError, error.errors, ['email', 'role']);
              if (!shown) toast.error(problemText(error, t('members.inviteFailed')));
            },
          }),
        )(event)
      }
    >
      <FormTextField
        control={form.control}
        name="email"
        type="email"
        autoComplete="email"
        label={t('fields.email')}
        required
        autoFocus
      />
      <Controller
        control={form.control}
        name="role"
        render={({ field }) => (
          <TextField
            select
            fullWidth
            label={t('fields.role')}
            name={field.name}
            value={field.value}
            onChange={field.onChange}
            onBlur={field.onBlur}
            inputRef={field.ref}
            helperText={t(`members.roleHelp.${field.value as InvitableRole}`)}
          >
            {CATALOG_INVITABLE_ROLES.map((role) => (
              <MenuItem key={role} value={role}>
                {tDomain(`catalogMemberRole.${role}`)}
              </MenuItem>
            ))}
          </TextField>
        )}
      />
    </FormDialog>
  );
}
