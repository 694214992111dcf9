// Confirmation of the e-mail address from the registration mail; a placeholder until the registration issue.
import MarkEmailReadOutlinedIcon from '@mui/icons-material/MarkEmailReadOutlined';
import { useTranslation } from 'react-i18next';

import { ComingSoonPage } from '../../../components/coming-soon-page';

export function EmailConfirmPage() {
  const { t } = useTranslation('routes');
  return (
    <ComingSoonPage
      area={t('area.emailConfirmation')}
      view={t('view.emailConfirmation')}
      icon={<MarkEmailReadOutlinedIcon />}
    />
  );
}
