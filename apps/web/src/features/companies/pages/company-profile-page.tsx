// The signed-in user's company profile; a placeholder until the companies issue builds it.
import BusinessOutlinedIcon from '@mui/icons-material/BusinessOutlined';
import { useTranslation } from 'react-i18next';
import type { CompanyProfileParams } from '../../../app/routing/route-params';
import { ComingSoonPage } from '../../../components/coming-soon-page';

export function CompanyProfilePage(params: CompanyProfileParams) {
  const { t } = useTranslation('routes');
  return (
    <ComingSoonPage
      area={t('area.companyProfile')}
      view={t('view.companyProfile')}
      icon={<BusinessOutlinedIcon />}
      params={params}
    />
  );
}
