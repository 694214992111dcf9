// /api-tokens: the signed-in user's personal API tokens (decision 0044): create one (its secret shown once, with a copy button), list them and revoke one after confirming.
import { useState, type FormEvent } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import ContentCopyIcon from '@mui/icons-material/ContentCopyOutlined';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import {
  API_TOKEN_MAX_LIFETIME_DAYS,
  API_TOKEN_SCOPES,
  type ApiToken,
  type ApiTokenCreated,
  type ApiTokenScope,
  type FieldError,
} from '@costory/shared';
import { useConfirm } from '@/components/feedback/confirm-dialog';
import { useToast } from '@/components/feedback/toast';
import { useUiLocale } from '@/hooks/use-catalog-locale';
import { useQueryErrorToast } from '@/hooks/use-query-error-toast';
import { ApiError } from '@/lib/api-client';
import { formatDate, formatDateTime } from '@/lib/format';
import {
  API_TOKENS_QUERY_KEY,
  createApiToken,
  getApiTokensQueryOptions,
  revokeApiToken,
} from '../api/api-tokens';

/** A new token expires in 90 days unless the user picks another day. */
const DEFAULT_LIFETIME_DAYS = 90;

/** yyyy-mm-dd of the day `days` from today in the user's time zone, as a date input holds it. */
function dayFromToday(days: number): string {
  const day = new Date();
  day.setDate(day.getDate() + days);
  const two = (value: number) => String(value).padStart(2, '0');
  return `${String(day.getFullYear())}-${two(day.getMonth() + 1)}-${two(day.getDate())}`;
}

/**
 * The end of the chosen day in the user's time zone, so a token lasts the whole day picked; null
 * when the field holds no date (cleared, or typed in part).
 */
function endOfDay(day: string): string | null {
  const end = new Date(`${day}T23:59:59`);
  return Number.isNaN(end.getTime()) ? null : end.toISOString();
}

function fieldErrorOf(errors: readonly FieldError[], field: string): string | undefined {
  return errors.find((error) => error.field === field)?.message;
}

export function ApiTokensPage() {
  const { t } = useTranslation('auth');
  const { t: tCommon } = useTranslation();
  const locale = useUiLocale();
  const queryClient = useQueryClient();
  const toast = useToast();
  const confirm = useConfirm();
  const tokens = useQuery(getApiTokensQueryOptions());
  useQueryErrorToast(tokens, t('apiTokens.loadFailed'));
  const [name, setName] = useState('');
  const [scope, setScope] = useState<ApiTokenScope>('READ');
  const [expiry, setExpiry] = useState(() => dayFromToday(DEFAULT_LIFETIME_DAYS));
  const [fieldErrors, setFieldErrors] = useState<readonly FieldError[]>([]);
  const [created, setCreated] = useState<ApiTokenCreated | null>(null);

  const create = useMutation({
    mutationFn: createApiToken,
    // The answer holds the secret: nothing keeps it once the page lets go of it.
    gcTime: 0,
    onSuccess: (answer) => {
      setCreated(answer);
      setName('');
      setFieldErrors([]);
      void queryClient.invalidateQueries({ queryKey: API_TOKENS_QUERY_KEY });
    },
    onError: (error) => {
      if (error instanceof ApiError && error.errors.length > 0) setFieldErrors(error.errors);
      else toast.error(t('apiTokens.createFailed'));
    },
  });

  const revoke = useMutation({
    mutationFn: revokeApiToken,
    onSuccess: () => {
      toast.success(t('apiTokens.revoked'));
      void queryClient.invalidateQueries({ queryKey: API_TOKENS_QUERY_KEY });
    },
    onError: () => toast.error(t('apiTokens.revokeFailed')),
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setCreated(null);
    const expiresAt = endOfDay(expiry);
    if (expiresAt === null) {
      setFieldErrors([
        { field: 'expiresAt', rule: 'required', message: t('apiTokens.expiryRequired') },
      ]);
      return;
    }
    create.mutate({ name, scope, expiresAt });
  };

  const askRevoke = (token: ApiToken) =>
    confirm({
      title: t('apiTokens.revokeTitle'),
      message: t('apiTokens.revokeMessage', { name: token.name }),
      okButtonText: t('apiTokens.revoke'),
      onOk: () => revoke.mutateAsync(token.id),
    });

  const copySecret = (secret: string) => {
    // Outside a secure context (plain http) browsers offer no clipboard at all.
    if (!('clipboard' in navigator)) return toast.error(t('apiTokens.copyFailed'));
    navigator.clipboard.writeText(secret).then(
      () => toast.success(t('apiTokens.copied')),
      () => toast.error(t('apiTokens.copyFailed')),
    );
  };

  const lastUse = (iso: string | null) =>
    iso === null ? t('apiTokens.never') : formatDateTime(iso, locale);
  const rows = tokens.data?.items ?? [];

  return (
    <Box sx={{ py: 3, maxWidth: 960 }}>
      <title>{`${t('apiTokens.title')} · ${tCommon('appName')}`}</title>
      <Typography variant="h1">{t('apiTokens.title')}</Typography>
      <Typography sx={{ color: 'text.secondary', mt: 0.5, mb: 3 }}>
        {t('apiTokens.intro')}
      </Typography>

      <Paper variant="outlined" sx={{ p: 2, mb: 3 }}>
        <Box
          component="form"
          onSubmit={submit}
          noValidate
          sx={{ display: 'flex', gap: 2, flexWrap: 'wrap', alignItems: 'flex-start' }}
        >
          <TextField
            label={t('apiTokens.name')}
            value={name}
            onChange={(event) => setName(event.target.value)}
            error={fieldErrorOf(fieldErrors, 'name') !== undefined}
            helperText={fieldErrorOf(fieldErrors, 'name')}
            sx={{ minWidth: 240, flexGrow: 1 }}
          />
          <TextField
            select
            label={t('apiTokens.scope')}
            value={scope}
            onChange={(event) => setScope(event.target.value as ApiTokenScope)}
            sx={{ minWidth: 200 }}
          >
            {API_TOKEN_SCOPES.map((key) => (
              <MenuItem key={key} value={key}>
                {t(`apiTokens.scopes.${key}`)}
              </MenuItem>
            ))}
          </TextField>
          <TextField
            type="date"
            label={t('apiTokens.expiry')}
            value={expiry}
            onChange={(event) => setExpiry(event.target.value)}
            error={fieldErrorOf(fieldErrors, 'expiresAt') !== undefined}
            helperText={fieldErrorOf(fieldErrors, 'expiresAt')}
            slotProps={{
              inputLabel: { shrink: true },
              htmlInput: {
                min: dayFromToday(1),
                max: dayFromToday(API_TOKEN_MAX_LIFETIME_DAYS - 1),
              },
            }}
          />
          <Button type="submit" variant="contained" disabled={create.isPending} sx={{ mt: 1 }}>
            {t('apiTokens.create')}
          </Button>
        </Box>
        {created ? (
          <Alert severity="success" sx={{ mt: 2 }}>
            <Typography sx={{ mb: 1 }}>{t('apiTokens.secretOnce')}</Typography>
            <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
              <TextField
                label={t('apiTokens.secret')}
                value={created.secret}
                fullWidth
                size="small"
                slotProps={{
                  htmlInput: { readOnly: true, spellCheck: false, sx: { fontFamily: 'monospace' } },
                }}
                onFocus={(event) => event.target.select()}
              />
              <Tooltip title={t('apiTokens.copy')}>
                <IconButton
                  aria-label={t('apiTokens.copy')}
                  onClick={() => copySecret(created.secret)}
                >
                  <ContentCopyIcon fontSize="small" />
                </IconButton>
              </Tooltip>
            </Box>
          </Alert>
        ) : null}
      </Paper>

      {/* A phone scrolls the table sideways rather than pushing it off the page. */}
      <TableContainer component={Paper} variant="outlined">
        <Table aria-label={t('apiTokens.listLabel')}>
          <TableHead>
            <TableRow>
              <TableCell>{t('apiTokens.name')}</TableCell>
              <TableCell>{t('apiTokens.prefix')}</TableCell>
              <TableCell>{t('apiTokens.scope')}</TableCell>
              <TableCell>{t('apiTokens.expiry')}</TableCell>
              <TableCell>{t('apiTokens.lastUsed')}</TableCell>
              <TableCell />
            </TableRow>
          </TableHead>
          <TableBody>
            {rows.map((token) => (
              <TableRow key={token.id}>
                <TableCell>{token.name}</TableCell>
                <TableCell sx={{ fontFamily: 'monospace' }}>{`${token.prefix}…`}</TableCell>
                <TableCell>{t(`apiTokens.scopes.${token.scope}`)}</TableCell>
                <TableCell>{formatDate(token.expiresAt, locale)}</TableCell>
                <TableCell>{lastUse(token.lastUsedAt)}</TableCell>
                <TableCell align="right">
                  <Button
                    color="error"
                    onClick={() => askRevoke(token)}
                    aria-label={t('apiTokens.revokeNamed', { name: token.name })}
                  >
                    {t('apiTokens.revoke')}
                  </Button>
                </TableCell>
              </TableRow>
            ))}
            {!tokens.isPending && rows.length === 0 ? (
              <TableRow>
                <TableCell colSpan={6}>{t('apiTokens.empty')}</TableCell>
              </TableRow>
            ) : null}
          </TableBody>
        </Table>
      </TableContainer>
    </Box>
  );
}
