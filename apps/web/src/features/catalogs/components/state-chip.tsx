// An item's workflow state as a coloured chip with the translated state name.
import Chip, { type ChipProps } from '@mui/material/Chip';
import { useTranslation } from 'react-i18next';
import type { ItemState } from '@costory/shared';

// One colour per step, from "just suggested" (neutral) to "ready to use" (green).
const COLORS: Record<ItemState, ChipProps['color']> = {
  PENDING: 'default',
  TO_INSPECT: 'warning',
  TO_EQUATION: 'info',
  COMPLETE: 'success',
};

export function StateChip({
  state,
  size = 'small',
}: {
  state: ItemState;
  size?: ChipProps['size'];
}) {
  const { t } = useTranslation('domain');
  return (
    <Chip
      label={t(`itemState.${state}`)}
      color={COLORS[state]}
      size={size}
      variant={state === 'PENDING' ? 'outlined' : 'filled'}
    />
  );
}
