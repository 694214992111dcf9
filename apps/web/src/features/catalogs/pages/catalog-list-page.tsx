// The catalogue list, home of the catalogue context; a placeholder until the catalogues issue builds it.
import LibraryBooksOutlinedIcon from '@mui/icons-material/LibraryBooksOutlined';
import { useTranslation } from 'react-i18next';

import { ComingSoonPage } from '../../../components/coming-soon-page';

export function CatalogListPage() {
  const { t } = useTranslation('routes');
  return (
    <ComingSoonPage
      area={t('area.catalogues')}
      view={t('view.catalogueList')}
      icon={<LibraryBooksOutlinedIcon />}

      homePath="/ctl"
    />
  );
}
