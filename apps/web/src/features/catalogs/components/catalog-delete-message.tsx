// What deleting a catalog does: the question, and with stories on it, which they are and what happens to them (decision 0029).
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { Catalog, CatalogUsage } from '@costory/shared';
import { paths } from '@/lib/routing/paths';

export function CatalogDeleteMessage({
  catalog,
  usage,
}: {
  catalog: Catalog;
  usage: CatalogUsage;
}) {
  const { t } = useTranslation('catalogs');
  const total = usage.stories.length + usage.hiddenCount;
  return (
    <>
      <Typography component="p">{t('detail.deleteMessage', { name: catalog.name })}</Typography>
      {total > 0 ? (
        <Alert severity="warning" sx={{ mt: 2 }}>
          <Typography component="p" variant="body2">
            {t('detail.deleteStories', { count: total })}
          </Typography>
          <Box component="ul" sx={{ my: 1, pl: 3 }} aria-label={t('detail.deleteStoriesList')}>
            {usage.stories.map((story) => (
              <li key={story.id}>
                <Link component={RouterLink} to={paths.story(story.id)}>
                  {story.name}
                </Link>
              </li>
            ))}
            {usage.hiddenCount > 0 ? (
              <li>{t('detail.deleteHiddenStories', { count: usage.hiddenCount })}</li>
            ) : null}
          </Box>
        </Alert>
      ) : null}
    </>
  );
}
