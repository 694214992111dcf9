// /ctl/catalog-invitation/{code} (public): the page an invitation mail links to; signed out it leads to sign-in or registration and back, signed in it accepts and opens the catalog.
import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import GroupAddOutlinedIcon from '@mui/icons-material/GroupAddOutlined';
import HourglassDisabledOutlinedIcon from '@mui/icons-material/HourglassDisabledOutlined';
import LinkOffOutlinedIcon from '@mui/icons-material/LinkOffOutlined';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link as RouterLink, useNavigate } from 'react-router';
import { Trans, useTranslation } from 'react-i18next';
import { INVITE_DEFAULT_DAYS, type CatalogInvitation } from '@costory/shared';
import { useToast } from '@/components/feedback/toast';
import { paths } from '@/lib/routing/paths';
import type { PublicAccessParams } from '@/lib/routing/route-params';
import { useSession } from '@/lib/session';
import { ApiError } from '@/lib/api-client';
import { useProblemMessage } from '@/lib/use-problem-message';
import {
  acceptCatalogInvitation,
  getCatalogInvitationQueryOptions,
} from '../api/catalog-invitations';
import { AuthCard } from '../components/auth-card';
import { CheckFailed, Checking, SignedOutChoices } from '../components/invitation-cards';

/** An invitation that cannot be accepted: its link's time is up, or it is gone (accepted, canceled, resent). */
function Gone({ expired = false }: { expired?: boolean }) {
  const { t } = useTranslation('auth');
  const { t: tCommon } = useTranslation();
  return (
    <AuthCard
      title={t(expired ? 'catalogInvitation.expiredTitle' : 'catalogInvitation.goneTitle')}
      icon={expired ? <HourglassDisabledOutlinedIcon /> : <LinkOffOutlinedIcon />}
      tone="warning"
    >
      <Typography sx={{ mb: 3 }}>
        {expired
          ? t('catalogInvitation.expiredText', { days: INVITE_DEFAULT_DAYS })
          : t('catalogInvitation.goneText')}
      </Typography>
      <Button component={RouterLink} to={paths.home()} variant="contained">
        {tCommon('actions.goHome')}
      </Button>
    </AuthCard>
  );
}

function AcceptButton({
  code,
  catalogName,
  onGone,
}: {
  code: string;
  catalogName: string;
  onGone: () => void;
}) {
  const { t } = useTranslation('auth');
  const toast = useToast();
  const problemMessage = useProblemMessage();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  // Shown in place: the visitor has to act on it (sign in with the invited address).
  const [refusal, setRefusal] = useState<string | null>(null);
  const accept = useMutation({
    mutationFn: () => acceptCatalogInvitation(code),
    onMutate: () => setRefusal(null),
    onSuccess: async ({ catalogId }) => {
      toast.success(t('catalogInvitation.joined', { catalog: catalogName }));
      // A new membership changes what the user may see everywhere: refetch when next shown.
      await queryClient.invalidateQueries({ refetchType: 'none' });
      await navigate(paths.catalog(catalogId), { replace: true });
    },
    onError: (error) => {
      if (error instanceof ApiError && error.status === 404) {
        onGone();
        return;
      }
      if (error instanceof ApiError && error.code === 'INVITE_EMAIL_MISMATCH') {
        setRefusal(problemMessage(error.code));
        return;
      }
      toast.error(
        error instanceof ApiError ? problemMessage(error.code) : t('catalogInvitation.joinFailed'),
      );
    },
  });
  return (
    <>
      {refusal ? (
        <Alert severity="error" sx={{ mb: 2 }}>
          {refusal}
        </Alert>
      ) : null}
      <Button
        variant="contained"
        size="large"
        loading={accept.isPending}
        onClick={() => accept.mutate()}
      >
        {t('catalogInvitation.accept')}
      </Button>
    </>
  );
}

function Invitation({
  code,
  invitation,
  onGone,
}: {
  code: string;
  invitation: CatalogInvitation;
  onGone: () => void;
}) {
  const { t } = useTranslation('auth');
  const { t: tDomain } = useTranslation('domain');
  const { t: tCatalogs } = useTranslation('catalogs');
  const { isLogged } = useSession();
  const catalogName = invitation.catalogName ?? '';
  const role = invitation.role;
  return (
    <AuthCard
      title={t('catalogInvitation.validTitle')}
      icon={<GroupAddOutlinedIcon />}
      width="medium"
    >
      <Typography sx={{ mb: 1, fontSize: '1.05rem' }}>
        <Trans
          t={t}
          i18nKey="catalogInvitation.validText"
          values={{
            catalog: catalogName,
            role: role === null ? '—' : tDomain(`catalogMemberRole.${role}`),
          }}
          components={{ strong: <strong /> }}
        />
      </Typography>
      {role === null ? null : (
        <Typography sx={{ color: 'text.secondary', mb: 3 }}>
          {tCatalogs(`members.roleHelp.${role}`)}
        </Typography>
      )}
      {isLogged ? (
        <AcceptButton code={code} catalogName={catalogName} onGone={onGone} />
      ) : (
        <SignedOutChoices />
      )}
    </AuthCard>
  );
}

export function CatalogInvitationPage({ code }: PublicAccessParams) {
  const invitation = useQuery(getCatalogInvitationQueryOptions(code));
  const [gone, setGone] = useState(false);

  if (gone) return <Gone />;
  if (invitation.isPending) return <Checking />;
  if (invitation.isError) {
    if (invitation.error instanceof ApiError && invitation.error.status === 404) return <Gone />;
    return <CheckFailed error={invitation.error} onRetry={() => void invitation.refetch()} />;
  }
  if (invitation.data.state !== 'VALID')
    return <Gone expired={invitation.data.state === 'EXPIRED'} />;
  return <Invitation code={code} invitation={invitation.data} onGone={() => setGone(true)} />;
}
