// The story role select of the member and invite dialogs: every story role, with what the chosen one may do.
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { Controller, type Control, type FieldPath, type FieldValues } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { STORY_MEMBER_ROLES, storyMemberRoleSchema } from '@costory/shared';

export interface RoleFieldProps<TValues extends FieldValues, TOutput> {
  control: Control<TValues, unknown, TOutput>;
  name: FieldPath<TValues>;
  autoFocus?: boolean;
}

export function RoleField<TValues extends FieldValues, TOutput>({
  control,
  name,
  autoFocus,
}: RoleFieldProps<TValues, TOutput>) {
  const { t } = useTranslation('storyTeam');
  const { t: tDomain } = useTranslation('domain');
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => {
        const role = storyMemberRoleSchema.safeParse(field.value);
        return (
          <TextField
            select
            fullWidth
            label={t('fields.role')}
            name={field.name}
            value={role.success ? role.data : ''}
            onChange={field.onChange}
            onBlur={field.onBlur}
            inputRef={field.ref}
            autoFocus={autoFocus}
            error={fieldState.error !== undefined}
            helperText={
              fieldState.error?.message ?? (role.success ? t(`roleHelp.${role.data}`) : ' ')
            }
          >
            {STORY_MEMBER_ROLES.map((value) => (
              <MenuItem key={value} value={value}>
                {tDomain(`storyMemberRole.${value}`)}
              </MenuItem>
            ))}
          </TextField>
        );
      }}
    />
  );
}
