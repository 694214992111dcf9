// The generic localized text of an API problem code, for failures that no feature-specific text of the spec covers.
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import type { ErrorCode } from '@costory/shared';

export function useProblemMessage(): (code: ErrorCode) => string {
  const { t } = useTranslation('errors');
  return useCallback((code: ErrorCode) => t(`problem.${code}`), [t]);
}
