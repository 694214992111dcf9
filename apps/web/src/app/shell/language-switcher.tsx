// The header's language switcher: the current flag, a menu of English and Czech, and a toast after switching (or when the language cannot be loaded).
import { useId, useState } from 'react';
import IconButton from '@mui/material/IconButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Tooltip from '@mui/material/Tooltip';
import CheckIcon from '@mui/icons-material/Check';
import { useTranslation } from 'react-i18next';
import { LOCALES, parseLocale, type Locale } from '@costory/shared/locale';
import { LANGUAGE_NAMES, changeLocale, i18n } from '@/i18n';
import { useToast } from '@/components/feedback/toast';
import { FlagIcon } from './flags';

export function LanguageSwitcher() {
  const { t, i18n: instance } = useTranslation('shell');
  const toast = useToast();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const menuId = useId();
  const current = parseLocale(instance.resolvedLanguage ?? instance.language);

  const choose = async (locale: Locale) => {
    setAnchor(null);
    try {
      await changeLocale(locale);
    } catch {
      // The language's texts are a chunk of their own; offline or after a release it can fail.
      toast.error(t('language.failed', { language: LANGUAGE_NAMES[locale] }));
      return;
    }
    toast.info(i18n.t('shell:language.changed', { language: LANGUAGE_NAMES[locale] }));
  };

  return (
    <>
      <Tooltip title={t('language.menu')}>
        <IconButton
          color="inherit"
          aria-label={t('language.button', { language: LANGUAGE_NAMES[current] })}
          aria-haspopup="menu"
          aria-controls={anchor ? menuId : undefined}
          aria-expanded={anchor ? 'true' : undefined}
          onClick={(event) => setAnchor(event.currentTarget)}
        >
          <FlagIcon locale={current} />
        </IconButton>
      </Tooltip>
      <Menu
        id={menuId}
        anchorEl={anchor}
        open={anchor !== null}
        onClose={() => setAnchor(null)}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
        transformOrigin={{ vertical: 'top', horizontal: 'right' }}
        // Header menus open where toasts stack; they must stay above them to be usable.
        sx={{ zIndex: (theme) => theme.zIndex.snackbar + 1 }}
        slotProps={{ list: { 'aria-label': t('language.menu') } }}
      >
        {LOCALES.map((locale) => (
          <MenuItem
            key={locale}
            selected={locale === current}
            lang={locale}
            onClick={() => void choose(locale)}
            sx={{ minWidth: 200 }}
          >
            <ListItemIcon>
              <FlagIcon locale={locale} />
            </ListItemIcon>
            <ListItemText>{LANGUAGE_NAMES[locale]}</ListItemText>
            {locale === current ? <CheckIcon fontSize="small" color="primary" /> : null}
          </MenuItem>
        ))}
      </Menu>
    </>
  );
}
