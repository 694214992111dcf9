// The changes of one catalog or story event: each field by its name, old -> new, in the interface language.
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { CatalogEvent } from '@costory/shared';
import { formatEventValue, humanizeCode, isEventField } from '@/lib/event-text';
import { localeOfLanguage } from '@/i18n';

export interface EventChangesProps {
  changes: CatalogEvent['changes'];
  /** The catalog's language for localized names that lack the interface language. */
  defaultLanguage: string;
}

export function EventChanges({ changes, defaultLanguage }: EventChangesProps) {
  const { t, i18n } = useTranslation('domain');
  const locale = localeOfLanguage(i18n.resolvedLanguage ?? i18n.language);
  if (changes.length === 0) return null;
  const value = (raw: unknown) => formatEventValue(raw, locale, defaultLanguage, t);
  return (
    <Box component="ul" sx={{ m: 0, mt: 0.5, pl: 2.5 }}>
      {/* One field may change more than once in an event (ITEMS_UPGRADED: itemVersion per item). */}
      {changes.map((change, index) => (
        <Typography component="li" variant="body2" key={`${change.field}-${index}`}>
          <Box component="span" sx={{ fontWeight: 500 }}>
            {isEventField(change.field)
              ? t(`eventField.${change.field}`)
              : humanizeCode(change.field)}
            :
          </Box>{' '}
          {t('eventChange', { old: value(change.old), new: value(change.new) })}
        </Typography>
      ))}
    </Box>
  );
}
