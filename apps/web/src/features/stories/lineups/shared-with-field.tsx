// The lineup form's "Shared with customers": the story's CUSTOMER members who read this lineup, with its final prices only (decision 0033).
import Autocomplete from '@mui/material/Autocomplete';
import TextField from '@mui/material/TextField';
import { useQuery } from '@tanstack/react-query';
import { Controller, type Control } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { StoryMember } from '@costory/shared';
import { getStoryMembersQueryOptions } from '../api/members';
import type { LineupFormOutput, LineupFormValues } from './lineup-form';

const NO_MEMBERS: readonly StoryMember[] = [];

export interface SharedWithFieldProps {
  control: Control<LineupFormValues, unknown, LineupFormOutput>;
  storyId: number;
}

export function SharedWithField({ control, storyId }: SharedWithFieldProps) {
  const { t } = useTranslation('lineups');
  const members = useQuery(getStoryMembersQueryOptions(storyId));
  const customers = (members.data ?? NO_MEMBERS).filter((member) => member.role === 'ICT_CUSTOMER');
  return (
    <Controller
      control={control}
      name="sharedWith"
      render={({ field, fieldState }) => (
        <Autocomplete
          multiple
          options={customers}
          loading={members.isPending}
          value={customers.filter((member) => field.value.includes(member.userId))}
          onChange={(_event, chosen) => field.onChange(chosen.map((member) => member.userId))}
          onBlur={field.onBlur}
          getOptionLabel={(member) => `${member.name} (${member.companyName})`}
          getOptionKey={(member) => member.userId}
          isOptionEqualToValue={(option, value) => option.userId === value.userId}
          noOptionsText={t('form.noCustomers')}
          renderInput={(params) => (
            <TextField
              {...params}
              inputRef={field.ref}
              label={t('form.sharedWith')}
              error={fieldState.error !== undefined}
              helperText={fieldState.error?.message ?? t('form.sharedWithHelp')}
            />
          )}
        />
      )}
    />
  );
}
