// /public-access/{code} (public): what a shared story link offers; signed out it leads to sign-in or registration and back, signed in it joins the story.
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
import type { AccessCode } from '@costory/shared';
import { useToast } from '@/components/feedback/toast';
import { paths } from '@/lib/routing/paths';
import type { PublicAccessParams } from '@/lib/routing/route-params';
import { useSession } from '@/lib/session';
import { ApiError } from '@/lib/api-client';
import { useProblemMessage } from '@/lib/use-problem-message';
import { acceptAccessCode, getAccessCodeQueryOptions } from '../api/access-codes';
import { AuthCard } from '../components/auth-card';
import { CheckFailed, Checking, SignedOutChoices } from '../components/invitation-cards';

/** Why a code cannot be used: the GET's states, or `gone` when acceptance answered 404 or 410. */
type Unusable = 'EXPIRED' | 'REVOKED' | 'UNKNOWN' | 'gone';

const UNUSABLE_TEXTS = {
  EXPIRED: { title: 'access.expiredTitle', text: 'access.expiredText' },
  REVOKED: { title: 'access.revokedTitle', text: 'access.revokedText' },
  UNKNOWN: { title: 'access.unknownTitle', text: 'access.unknownText' },
  gone: { title: 'access.goneTitle', text: 'access.goneText' },
} as const;

function UnusableCode({ reason }: { reason: Unusable }) {
  const { t } = useTranslation('storyTeam');
  const { t: tCommon } = useTranslation();
  const texts = UNUSABLE_TEXTS[reason];
  return (
    <AuthCard
      title={t(texts.title)}
      icon={reason === 'EXPIRED' ? <HourglassDisabledOutlinedIcon /> : <LinkOffOutlinedIcon />}
      tone="warning"
    >
      <Typography sx={{ mb: 3 }}>{t(texts.text)}</Typography>
      <Button component={RouterLink} to={paths.home()} variant="contained">
        {tCommon('actions.goHome')}
      </Button>
    </AuthCard>
  );
}

function JoinButton({
  code,
  storyName,
  onGone,
}: {
  code: string;
  storyName: string;
  onGone: () => void;
}) {
  const { t } = useTranslation('storyTeam');
  const toast = useToast();
  const problemMessage = useProblemMessage();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  // Shown in place, not as a passing toast: the visitor has to act on it (sign in as someone else).
  const [refusal, setRefusal] = useState<string | null>(null);
  const join = useMutation({
    mutationFn: () => acceptAccessCode(code),
    onMutate: () => setRefusal(null),
    onSuccess: async ({ storyId }) => {
      toast.success(t('access.joined', { story: storyName }));
      // A new membership changes what the user may see everywhere (story lists, the story):
      // everything cached is marked stale and refetched when next shown.
      await queryClient.invalidateQueries({ refetchType: 'none' });
      await navigate(paths.story(storyId), { replace: true });
    },
    onError: (error) => {
      // 404 unknown, 410 INVITE_GONE: expired, revoked or used (decision 0022). Matched by
      // status, so a server of another build (whose code this one may read as generic) still
      // lands here.
      if (error instanceof ApiError && (error.status === 404 || error.status === 410)) {
        onGone();
        return;
      }
      if (error instanceof ApiError && error.code === 'INVITE_EMAIL_MISMATCH') {
        setRefusal(problemMessage(error.code));
        return;
      }
      toast.error(error instanceof ApiError ? problemMessage(error.code) : t('access.joinFailed'));
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
        loading={join.isPending}
        onClick={() => join.mutate()}
      >
        {t('access.join')}
      </Button>
    </>
  );
}

function Invitation({
  code,
  access,
  onGone,
}: {
  code: string;
  access: AccessCode;
  onGone: () => void;
}) {
  const { t } = useTranslation('storyTeam');
  const { t: tDomain } = useTranslation('domain');
  const { isLogged } = useSession();
  const storyName = access.storyName ?? '';
  const role = access.role === null ? null : tDomain(`storyMemberRole.${access.role}`);
  return (
    <AuthCard title={t('access.validTitle')} icon={<GroupAddOutlinedIcon />} width="medium">
      <Typography sx={{ mb: 1, fontSize: '1.05rem' }}>
        <Trans
          t={t}
          i18nKey="access.validText"
          values={{ story: storyName, role: role ?? '—' }}
          components={{ strong: <strong /> }}
        />
      </Typography>
      {access.role !== null && role !== null ? (
        <Typography sx={{ color: 'text.secondary', mb: 3 }}>
          {t('access.roleHint', { role, help: t(`roleHelp.${access.role}`) })}
        </Typography>
      ) : null}
      {isLogged ? (
        <JoinButton code={code} storyName={storyName} onGone={onGone} />
      ) : (
        <SignedOutChoices />
      )}
    </AuthCard>
  );
}

export function PublicAccessPage({ code }: PublicAccessParams) {
  const access = useQuery(getAccessCodeQueryOptions(code));
  const [gone, setGone] = useState(false);

  if (gone) return <UnusableCode reason="gone" />;
  if (access.isPending) return <Checking />;
  if (access.isError) {
    // The contract answers unknown codes with state UNKNOWN; a bare 404 means the same.
    if (access.error instanceof ApiError && access.error.status === 404) {
      return <UnusableCode reason="UNKNOWN" />;
    }
    return <CheckFailed error={access.error} onRetry={() => void access.refetch()} />;
  }
  const { state } = access.data;
  if (state !== 'VALID') return <UnusableCode reason={state} />;
  return <Invitation code={code} access={access.data} onGone={() => setGone(true)} />;
}
