// Editing one catalogue item; a placeholder until the catalogue items issue builds it.
import EditNoteOutlinedIcon from '@mui/icons-material/EditNoteOutlined';
import { useTranslation } from 'react-i18next';
import type { CatalogItemEditParams } from '../../../app/routing/route-params';
import { ComingSoonPage } from '../../../components/coming-soon-page';

export function CatalogItemEditPage(params: CatalogItemEditParams) {
  const { t } = useTranslation('routes');
  return (
    <ComingSoonPage
      area={t('area.catalogueItems')}
      view={t('view.itemEdit')}
      icon={<EditNoteOutlinedIcon />}
      params={params}
      homePath="/ctl"
    />
  );
}
