// Rows pasted from a spreadsheet, previewed before anything is saved: what each row becomes (item, values, time, price) or what is wrong with it; the rows that read are added at once, all or none.
import { useDeferredValue, useId, useMemo, useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import {
  boundFailureMessage,
  INSTANCE_BATCH_MAX,
  type Story,
  type StoryCatalog,
} from '@costory/shared';
import { useToast } from '@/components/feedback/toast';
import { useLocalizedText } from '@/hooks/use-catalog-locale';
import { ApiError } from '@/lib/api-client';
import { formatNumber } from '@/lib/format';
import { useInstanceMutations } from '../api/instances';
import { draftFields, shownAttributes } from '../instances/instance-draft';
import { useStoryFigures } from '../lib/story-figures';
import { isReady, readPastedRows, type PasteProblem, type PastedRow } from './paste-rows';

export interface PasteDialogProps {
  story: Story;
  catalog: StoryCatalog;
  /** What was pasted into the grid, if the dialog opened from a paste. */
  initialText: string;
  margins: boolean;
  onClose: () => void;
}

export function PasteDialog({ story, catalog, initialText, margins, onClose }: PasteDialogProps) {
  const { t } = useTranslation('instances');
  const { t: tCommon } = useTranslation();
  const { t: tDomain } = useTranslation('domain');
  const titleId = useId();
  const toast = useToast();
  const localized = useLocalizedText(story.catalog);
  const figures = useStoryFigures(story.catalog);
  const mutations = useInstanceMutations(story.id);
  const [text, setText] = useState(initialText);
  // What the server found wrong with the rows it was sent, by pasted line, until the text changes.
  const [refused, setRefused] = useState<ReadonlyMap<number, string[]>>(new Map());
  const deferred = useDeferredValue(text);
  const result = useMemo(
    () => readPastedRows(deferred, catalog, figures.locale),
    [deferred, catalog, figures.locale],
  );
  const ready = result.rows.filter(isReady);
  const tooMany = ready.length > INSTANCE_BATCH_MAX;

  const problemText = (problem: PasteProblem): string => {
    switch (problem.kind) {
      case 'unknownItem':
      case 'notAddable':
      case 'onlyOnce':
        return t(`paste.problem.${problem.kind}`, { code: problem.code });
      case 'tooManyCells':
        return t('paste.problem.tooManyCells', { expected: problem.expected });
      case 'level':
        return t('paste.problem.level', { text: problem.text, max: problem.max });
      case 'optional':
        return t('paste.problem.optional', { text: problem.text });
      case 'unknownColumn':
        return t('paste.problem.unknownColumn', { column: problem.column });
      case 'aboveLevel':
        return t('paste.problem.aboveLevel', {
          attribute: localized(problem.attribute.name) || problem.attribute.code,
          level: problem.level,
        });
      case 'notABoolean':
      case 'notAChoice':
        return t(`paste.problem.${problem.kind}`, {
          attribute: localized(problem.attribute.name) || problem.attribute.code,
          text: problem.text,
        });
      case 'value':
        return t('paste.problem.value', {
          attribute: localized(problem.attribute.name) || problem.attribute.code,
          message:
            typeof problem.problem === 'string'
              ? t(`value.${problem.problem}`)
              : boundFailureMessage(problem.problem, figures.locale),
        });
    }
  };

  const valuesText = (row: PastedRow): string => {
    if (!row.item || !row.draft || !row.state) return '';
    const { state } = row;
    return shownAttributes(row.item, row.draft.level)
      .filter((attribute) => state.values[attribute.code] !== null)
      .map((attribute) => {
        const value = state.values[attribute.code];
        const shown =
          typeof value === 'number'
            ? figures.mandays(value)
            : typeof value === 'boolean'
              ? tDomain(value ? 'boolean.true' : 'boolean.false')
              : String(value);
        return `${localized(attribute.name) || attribute.code}: ${shown}`;
      })
      .join(' · ');
  };

  const apply = () =>
    mutations.createBatch.mutate(
      {
        instances: ready.map((row) => ({
          ...draftFields(row.draft, row.state.values),
          itemId: row.item.id,
        })),
      },
      {
        onSuccess: (created) => {
          toast.success(t('paste.added', { count: created.items.length }));
          onClose();
        },
        onError: (error) => {
          const byLine = refusedByLine(error, ready);
          setRefused(byLine);
          if (byLine.size > 0) toast.error(t('paste.refused'));
          else if (error instanceof ApiError && error.detail) {
            toast.error(`${t('paste.failed')} ${error.detail}`);
          } else toast.error(t('paste.failed'));
        },
      },
    );

  return (
    <Dialog
      open
      onClose={mutations.createBatch.isPending ? undefined : onClose}
      maxWidth="lg"
      fullWidth
      aria-labelledby={titleId}
    >
      <DialogTitle id={titleId}>{t('paste.title')}</DialogTitle>
      <DialogContent dividers>
        <Typography variant="body2" sx={{ mb: 2 }}>
          {t('paste.intro')}
        </Typography>
        <TextField
          label={t('paste.text')}
          value={text}
          onChange={(event) => {
            setText(event.target.value);
            setRefused(new Map());
          }}
          placeholder={t('paste.empty')}
          multiline
          minRows={3}
          maxRows={8}
          fullWidth
          autoFocus={initialText === ''}
          slotProps={{ htmlInput: { spellCheck: false, style: { fontFamily: 'monospace' } } }}
        />
        {result.rows.length > 0 ? (
          <>
            <Typography variant="h3" sx={{ fontSize: '1.05rem', mt: 3, mb: 1 }} role="status">
              {t('paste.summary', {
                ready: formatNumber(ready.length, figures.locale),
                total: formatNumber(result.rows.length, figures.locale),
              })}
            </Typography>
            {tooMany ? (
              <Alert severity="error" sx={{ mb: 1 }}>
                {t('paste.tooMany', {
                  count: INSTANCE_BATCH_MAX,
                  max: formatNumber(INSTANCE_BATCH_MAX, figures.locale),
                })}
              </Alert>
            ) : ready.length < result.rows.length ? (
              <Alert severity="warning" sx={{ mb: 1 }}>
                {t('paste.skipped')}
              </Alert>
            ) : null}
            <TableContainer sx={{ maxHeight: 420 }}>
              <Table size="small" stickyHeader aria-label={t('paste.preview')}>
                <TableHead>
                  <TableRow>
                    <TableCell sx={{ width: 64 }}>{t('paste.column.line')}</TableCell>
                    <TableCell>{t('paste.column.item')}</TableCell>
                    <TableCell>{t('paste.column.values')}</TableCell>
                    <TableCell align="right">{t('list.column.time')}</TableCell>
                    {margins ? <TableCell align="right">{t('list.column.price')}</TableCell> : null}
                    <TableCell>{t('paste.column.check')}</TableCell>
                  </TableRow>
                </TableHead>
                <TableBody>
                  {result.rows.map((row) => {
                    const serverProblems = refused.get(row.line) ?? [];
                    const ok = isReady(row) && serverProblems.length === 0;
                    const total =
                      isReady(row) && !row.state.incomplete ? row.state.result.total : null;
                    return (
                      <TableRow key={row.line}>
                        <TableCell>{row.line}</TableCell>
                        <TableCell>
                          {row.item ? localized(row.item.name) || row.item.code : row.code}
                        </TableCell>
                        <TableCell>{valuesText(row)}</TableCell>
                        <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                          {total
                            ? t('list.mandays', { value: figures.mandays(total.mandays) })
                            : '—'}
                        </TableCell>
                        {margins ? (
                          <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                            {total ? figures.price(total.price) : '—'}
                          </TableCell>
                        ) : null}
                        <TableCell sx={{ color: ok ? 'success.dark' : 'error.main' }}>
                          {ok
                            ? t('paste.ok')
                            : [...row.problems.map(problemText), ...serverProblems].join('; ')}
                        </TableCell>
                      </TableRow>
                    );
                  })}
                </TableBody>
              </Table>
            </TableContainer>
          </>
        ) : null}
      </DialogContent>
      <DialogActions sx={{ px: 3, py: 2 }}>
        <Box sx={{ mr: 'auto' }} />
        <Button onClick={onClose} color="inherit" disabled={mutations.createBatch.isPending}>
          {tCommon('actions.cancel')}
        </Button>
        <Button
          variant="contained"
          onClick={apply}
          disabled={ready.length === 0 || tooMany}
          loading={mutations.createBatch.isPending}
        >
          {t('paste.apply', {
            count: ready.length,
            number: formatNumber(ready.length, figures.locale),
          })}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

/** The server's reasons for refusing a batch (fields "instances.3.values.x"), by the pasted line of each row sent. */
function refusedByLine(error: unknown, sent: readonly PastedRow[]): Map<number, string[]> {
  const byLine = new Map<number, string[]>();
  if (!(error instanceof ApiError)) return byLine;
  for (const problem of error.errors) {
    const index = /^instances\.(\d+)(\.|$)/.exec(problem.field)?.[1];
    const row = index === undefined ? undefined : sent[Number(index)];
    if (row) byLine.set(row.line, [...(byLine.get(row.line) ?? []), problem.message]);
  }
  return byLine;
}
