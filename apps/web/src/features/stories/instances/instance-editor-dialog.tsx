// Creating and editing an item instance: name, description, optional, level, attribute values by type and labels,
// with the totals recalculated in the browser on every keystroke and confirmed by the server on save;
// the live stream hears who else saves or deletes the instance meanwhile (take their values or keep mine).
import { useId, useMemo, useState } from 'react';
import Alert from '@mui/material/Alert';
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import MenuItem from '@mui/material/MenuItem';
import Switch from '@mui/material/Switch';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableFooter from '@mui/material/TableFooter';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import {
  boundFailureMessage,
  boundsHint,
  instanceSchema,
  storyRoleAllows,
  type Instance,
  type Story,
  type StoryCatalog,
  type StoryCatalogItem,
  type StoryLabel,
} from '@costory/shared';
import { useToast } from '@/components/feedback/toast';
import { LabelChip } from '@/components/label-chip';
import { apiClient, ApiError } from '@/lib/api-client';
import { useInstanceFailure } from './use-instance-failure';
import { useLocalizedText } from '@/hooks/use-catalog-locale';
import { useFormulaTexts } from '@/hooks/use-formula-texts';
import { useInstanceMutations } from '../api/instances';
import { useStoryFigures } from '../lib/story-figures';
import type { Entry } from './attribute-entry';
import { draftFields, draftOf, evaluateDraft, shownAttributes, type Draft } from './instance-draft';
import { singleItemModel } from './calc-model';
import { LiveConflictAlert } from '../live/live-conflict-alert';
import { useInstanceLive } from '../live/use-instance-live';
import type { LiveStore } from '../live/live-store';

export interface InstanceEditorProps {
  story: Story;
  catalog: StoryCatalog;
  item: StoryCatalogItem;
  /** The instance to edit; without it the dialog creates one of `item`. */
  instance?: Instance;
  labels: readonly StoryLabel[];
  /** Members who may not edit instances see the instance and its figures only. */
  readOnly: boolean;
  /** The story frame's live store: who else saves or deletes the instance meanwhile. */
  live?: LiveStore | null;
  onClose: () => void;
}

export function InstanceEditorDialog({
  story,
  catalog,
  item,
  instance,
  labels,
  readOnly,
  live: liveStore = null,
  onClose,
}: InstanceEditorProps) {
  const { t } = useTranslation('instances');
  const { t: tDomain } = useTranslation('domain');
  const { t: tErrors } = useTranslation('errors');
  const { t: tCommon } = useTranslation();
  const titleId = useId();
  const toast = useToast();
  const failureText = useInstanceFailure();
  const queryClient = useQueryClient();
  const figures = useStoryFigures(story.catalog);
  const localized = useLocalizedText(story.catalog);
  const texts = useFormulaTexts(story.catalog, item.attributes);
  const mutations = useInstanceMutations(story.id);
  const [draft, setDraft] = useState(() => draftOf(item, instance, figures.locale));
  const [revision, setRevision] = useState(instance?.revision ?? 0);
  const [conflict, setConflict] = useState(false);
  const [submitted, setSubmitted] = useState(false);
  const [serverErrors, setServerErrors] = useState<Readonly<Record<string, string>>>({});
  const saving = mutations.create.isPending || mutations.update.isPending;
  const canVerify = instance !== undefined && storyRoleAllows(story.myRole, 'VERIFY_INSTANCES');
  const [verified, setVerified] = useState(instance?.verified ?? false);
  const fetchLatest = (instanceId: number) =>
    queryClient.fetchQuery({
      queryKey: ['story', story.id, 'instances', 'detail', instanceId],
      queryFn: () =>
        apiClient.get(`/stories/${story.id}/instances/${instanceId}`, { schema: instanceSchema }),
      staleTime: 0,
    });
  const live = useInstanceLive(
    liveStore,
    instance?.id,
    () => (instance ? fetchLatest(instance.id) : Promise.reject(new Error('no instance'))),
    !readOnly,
  );
  const deleted = live.conflict?.kind === 'deleted';
  // Their values replace the form, and their revision is the one a save then sends.
  const takeTheirs = (theirs: Instance) => {
    setDraft(draftOf(item, theirs, figures.locale));
    setRevision(theirs.revision);
    setVerified(theirs.verified);
    setConflict(false);
    live.dismiss();
  };
  // The form stays; a save overwrites their version (it sends their revision, so it is no conflict).
  const keepMine = (theirs: Instance) => {
    setRevision(theirs.revision);
    setConflict(false);
    live.dismiss();
  };
  const describeTheirs = (theirs: Instance) => {
    const theirDraft = draftOf(item, theirs, figures.locale);
    const valueText = (code: string) => {
      const attribute = item.attributes.find((candidate) => candidate.code === code);
      const entry = theirDraft.entries[code];
      if (typeof entry === 'boolean') return tDomain(`boolean.${entry}`);
      if (entry === undefined || entry === '') return '—';
      const option = attribute?.enumValues.find((value) => value.code === entry);
      return option ? localized(option.label) || option.code : entry;
    };
    return (
      <Typography variant="body2" component="div">
        <Box component="strong">{theirDraft.name || localized(item.name)}</Box>
        {` · ${t('editor.levelOption', { level: theirDraft.level })}`}
        <Box component="ul" sx={{ m: 0, pl: 2.5 }}>
          {shownAttributes(item, theirDraft.level).map((attribute) => (
            <li key={attribute.code}>
              {`${localized(attribute.name) || attribute.code}: ${valueText(attribute.code)}`}
            </li>
          ))}
        </Box>
      </Typography>
    );
  };
  const toggleVerified = (next: boolean) => {
    if (!instance) return;
    setVerified(next);
    mutations.verify.mutate(
      { id: instance.id, verified: next, revision },
      {
        onSuccess: (saved) => setRevision(saved.revision),
        onError: (error) => {
          setVerified(!next);
          if (error instanceof ApiError && error.code === 'CONFLICT') setConflict(true);
          else toast.error(t('editor.verifyFailed'));
        },
      },
    );
  };
  const maxLevel = Math.max(1, item.maxLevel);
  const shown = shownAttributes(item, draft.level);
  const model = useMemo(() => singleItemModel(catalog, item), [catalog, item]);
  const roleOf = useMemo(() => new Map(catalog.roles.map((role) => [role.id, role])), [catalog]);
  const evaluated = evaluateDraft(model, item, draft, instance?.id);
  const { values, result, invalidCount, missingCount, incomplete } = evaluated;
  const problems = Object.fromEntries(
    Object.entries(evaluated.problems).map(([code, problem]) => [
      code,
      typeof problem === 'string'
        ? t(`value.${problem}`)
        : boundFailureMessage(problem, figures.locale),
    ]),
  );
  const lines = result.lines.filter((line) => line.amount !== 0 || line.error !== undefined);

  const change = (patch: Partial<Draft>) => setDraft((previous) => ({ ...previous, ...patch }));
  const enter = (code: string, entry: Entry) => {
    setDraft((previous) => ({ ...previous, entries: { ...previous.entries, [code]: entry } }));
    setServerErrors(({ [`values.${code}`]: _dropped, ...rest }) => rest);
  };

  const failed = (error: unknown) => {
    if (error instanceof ApiError && error.code === 'CONFLICT') return setConflict(true);
    if (error instanceof ApiError && error.code === 'VALIDATION_FAILED' && error.errors) {
      setServerErrors(
        Object.fromEntries(error.errors.map((problem) => [problem.field, problem.message])),
      );
    }
    toast.error(
      failureText(
        instance ? tErrors('write.instanceUpdate') : tErrors('write.instanceCreate'),
        error,
      ),
    );
  };

  const save = () => {
    setSubmitted(true);
    if (Object.keys(problems).length > 0) return;
    const fields = draftFields(draft, values);
    if (instance) {
      mutations.update.mutate(
        { id: instance.id, body: { ...fields, revision } },
        {
          onSuccess: () => {
            toast.success(t('editor.updated'));
            onClose();
          },
          onError: failed,
        },
      );
    } else {
      mutations.create.mutate(
        { ...fields, itemId: item.id },
        {
          onSuccess: () => {
            toast.success(t('editor.created'));
            onClose();
          },
          onError: failed,
        },
      );
    }
  };

  const loadLatest = async () => {
    if (!instance) return;
    const latest = await fetchLatest(instance.id);
    setDraft(draftOf(item, latest, figures.locale));
    setRevision(latest.revision);
    setConflict(false);
  };

  // A value that does not read ("abc", out of bounds) is marked as it is typed; a missing one once
  // the user tries to save.
  const fieldError = (code: string) =>
    (submitted || serverErrors[`values.${code}`] || evaluated.problems[code] !== 'required'
      ? problems[code]
      : undefined) ?? serverErrors[`values.${code}`];
  const totalLabel =
    invalidCount > 0
      ? t('editor.totalIncompleteValues', { count: invalidCount })
      : missingCount > 0
        ? t('editor.totalIncompleteMissing', { count: missingCount })
        : incomplete
          ? t('editor.totalIncompleteFormulas')
          : t('editor.total');
  const shownFigure = (figure: string) => (incomplete ? '—' : figure);

  return (
    <Dialog
      open
      onClose={saving ? undefined : onClose}
      maxWidth="md"
      fullWidth
      aria-labelledby={titleId}
    >
      <DialogTitle id={titleId}>
        {instance
          ? t('editor.editTitle', { name: localized(item.name) })
          : t('editor.newTitle', { name: localized(item.name) })}
        {item.deprecated ? (
          <Chip size="small" color="warning" label={t('list.deprecated')} sx={{ ml: 1 }} />
        ) : null}
      </DialogTitle>
      <DialogContent dividers>
        {conflict ? (
          <Alert
            severity="warning"
            sx={{ mb: 2 }}
            action={
              <Button color="inherit" size="small" onClick={() => void loadLatest()}>
                {t('editor.reload')}
              </Button>
            }
          >
            {t('editor.conflict')}
          </Alert>
        ) : null}
        {live.conflict ? (
          <LiveConflictAlert
            conflict={live.conflict}
            describe={describeTheirs}
            onTake={takeTheirs}
            onKeep={keepMine}
          />
        ) : null}
        <Box
          component="fieldset"
          disabled={readOnly}
          sx={{
            border: 0,
            p: 0,
            m: 0,
            display: 'grid',
            gap: 2,
            gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' },
          }}
        >
          <TextField
            label={t('editor.name')}
            value={draft.name}
            placeholder={localized(item.name)}
            onChange={(event) => change({ name: event.target.value })}
            slotProps={{ htmlInput: { maxLength: 200 } }}
          />
          <TextField
            select
            label={t('editor.level')}
            value={draft.level}
            onChange={(event) => change({ level: Number(event.target.value) })}
            helperText={t('editor.levelHelp', { max: maxLevel })}
          >
            {Array.from({ length: maxLevel }, (_, index) => index + 1).map((level) => (
              <MenuItem key={level} value={level}>
                {t('editor.levelOption', { level })}
              </MenuItem>
            ))}
          </TextField>
          <TextField
            label={t('editor.description')}
            value={draft.description}
            onChange={(event) => change({ description: event.target.value })}
            multiline
            minRows={2}
            sx={{ gridColumn: { sm: '1 / -1' } }}
            slotProps={{ htmlInput: { maxLength: 2000 } }}
          />
          <FormControlLabel
            control={
              <Switch
                checked={draft.optional}
                onChange={(event) => change({ optional: event.target.checked })}
              />
            }
            label={t('editor.optional')}
          />
          <Autocomplete<StoryLabel, true>
            multiple
            options={[...labels]}
            value={labels.filter((label) => draft.labelIds.includes(label.id))}
            onChange={(_event, chosen) => change({ labelIds: chosen.map((label) => label.id) })}
            getOptionLabel={(label) => label.title}
            isOptionEqualToValue={(option, value) => option.id === value.id}
            readOnly={readOnly}
            noOptionsText={t('editor.noLabels')}
            renderValue={(chosen, getItemProps) =>
              chosen.map((label, index) => {
                const { key, onDelete } = getItemProps({ index });
                return (
                  <LabelChip
                    key={key}
                    title={label.title}
                    color={label.color}
                    onDelete={readOnly ? undefined : onDelete}
                  />
                );
              })
            }
            renderInput={(params) => <TextField {...params} label={t('editor.labels')} />}
          />
        </Box>

        {canVerify ? (
          <FormControlLabel
            sx={{ mt: 1 }}
            control={
              <Switch
                checked={verified}
                disabled={mutations.verify.isPending || deleted}
                onChange={(event) => toggleVerified(event.target.checked)}
              />
            }
            label={`${t('editor.verify')} · ${t('editor.verifyHelp')}`}
          />
        ) : null}
        <Typography variant="h3" sx={{ fontSize: '1.05rem', mt: 3, mb: 1 }}>
          {t('editor.values')}
        </Typography>
        {shown.length === 0 ? (
          <Typography variant="body2" sx={{ color: 'text.secondary' }}>
            {t('editor.noValues')}
          </Typography>
        ) : (
          <Box
            component="fieldset"
            disabled={readOnly}
            sx={{
              border: 0,
              p: 0,
              m: 0,
              display: 'grid',
              gap: 1.5,
              gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, minmax(0, 1fr))' },
            }}
          >
            {shown.map((attribute) => {
              const label = localized(attribute.name) || attribute.code;
              const entry = draft.entries[attribute.code] ?? '';
              const error = fieldError(attribute.code);
              const helper =
                error ??
                [
                  boundsHint(attribute, figures.locale),
                  t('editor.levelOption', { level: attribute.level }),
                ]
                  .filter((part) => part !== null)
                  .join(' · ');
              if (attribute.type === 'BOOLEAN') {
                return (
                  <FormControlLabel
                    key={attribute.code}
                    label={label}
                    control={
                      <Switch
                        checked={entry === true}
                        onChange={(event) => enter(attribute.code, event.target.checked)}
                      />
                    }
                  />
                );
              }
              if (attribute.type === 'ENUM') {
                return (
                  <TextField
                    key={attribute.code}
                    select
                    label={label}
                    required={attribute.mandatory}
                    value={typeof entry === 'string' ? entry : ''}
                    onChange={(event) => enter(attribute.code, event.target.value)}
                    error={error !== undefined}
                    helperText={helper}
                  >
                    <MenuItem value="">
                      <em>{t('editor.noValue')}</em>
                    </MenuItem>
                    {attribute.enumValues.map((value) => (
                      <MenuItem key={value.code} value={value.code}>
                        {localized(value.label) || value.code}
                      </MenuItem>
                    ))}
                  </TextField>
                );
              }
              const placeholder =
                attribute.defaultValue === null
                  ? undefined
                  : t('editor.defaultPlaceholder', {
                      value:
                        typeof attribute.defaultValue === 'number'
                          ? figures.mandays(attribute.defaultValue)
                          : String(attribute.defaultValue),
                    });
              return (
                <TextField
                  key={attribute.code}
                  label={label}
                  required={attribute.mandatory}
                  value={typeof entry === 'string' ? entry : ''}
                  placeholder={placeholder}
                  onChange={(event) => enter(attribute.code, event.target.value)}
                  error={error !== undefined}
                  helperText={helper}
                  slotProps={{
                    htmlInput: {
                      inputMode: attribute.type === 'TEXT' ? 'text' : 'decimal',
                      maxLength: 2000,
                    },
                  }}
                />
              );
            })}
          </Box>
        )}

        {/* A customer reads neither formulas nor prices (decision 0033): the editor computes nothing for them. */}
        {storyRoleAllows(story.myRole, 'READ_MARGINS') ? (
          <>
            <Typography variant="h3" sx={{ fontSize: '1.05rem', mt: 3, mb: 1 }}>
              {t('editor.totals')}
            </Typography>
            <Table size="small" aria-label={t('editor.totals')}>
              <TableHead>
                <TableRow>
                  <TableCell>{t('editor.role')}</TableCell>
                  <TableCell align="right">{t('editor.amount')}</TableCell>
                  <TableCell align="right">{t('editor.unitPrice')}</TableCell>
                  <TableCell align="right">{t('editor.price')}</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {lines.length === 0 ? (
                  <TableRow>
                    <TableCell colSpan={4} sx={{ color: 'text.secondary' }}>
                      {t('editor.noLines')}
                    </TableCell>
                  </TableRow>
                ) : (
                  lines.map((line) => {
                    const role = roleOf.get(line.roleId);
                    return (
                      <TableRow key={line.roleId}>
                        <TableCell>
                          {role ? localized(role.name) || role.code : line.roleId}
                          {line.error ? (
                            <Typography variant="body2" color="error">
                              {texts.errorText(line.error)}
                            </Typography>
                          ) : null}
                        </TableCell>
                        <TableCell align="right">
                          {line.error
                            ? '—'
                            : role
                              ? tDomain(`amount.${role.unit}`, {
                                  count: Number(line.amount),
                                  value: figures.mandays(line.amount),
                                })
                              : figures.mandays(line.amount)}
                        </TableCell>
                        <TableCell align="right">{figures.price(line.unitPrice)}</TableCell>
                        <TableCell align="right">
                          {line.error ? '—' : figures.price(line.price)}
                        </TableCell>
                      </TableRow>
                    );
                  })
                )}
              </TableBody>
              <TableFooter>
                <TableRow>
                  <TableCell sx={{ fontWeight: 600, color: incomplete ? 'error.main' : undefined }}>
                    {totalLabel}
                  </TableCell>
                  <TableCell align="right" sx={{ fontWeight: 600 }} data-testid="instance-mandays">
                    {shownFigure(
                      t('editor.mandays', { value: figures.mandays(result.total.mandays) }),
                    )}
                  </TableCell>
                  <TableCell />
                  <TableCell align="right" sx={{ fontWeight: 600 }} data-testid="instance-total">
                    {shownFigure(figures.price(result.total.price))}
                  </TableCell>
                </TableRow>
              </TableFooter>
            </Table>
          </>
        ) : null}
      </DialogContent>
      <DialogActions sx={{ px: 3, py: 2 }}>
        {/* Below the scrolling content: the instance's total stays in sight while values are typed, also on a phone. */}
        {storyRoleAllows(story.myRole, 'READ_MARGINS') ? (
          <Box sx={{ mr: 'auto', minWidth: 0 }}>
            <Typography
              variant="body2"
              sx={{ color: incomplete ? 'error.main' : 'text.secondary' }}
            >
              {incomplete ? totalLabel : t('editor.footerTotal')}
            </Typography>
            <Typography
              component="output"
              aria-live="polite"
              aria-label={t('editor.footerTotal')}
              sx={{ fontSize: '1.25rem', fontWeight: 700, fontVariantNumeric: 'tabular-nums' }}
            >
              {shownFigure(figures.price(result.total.price))}
            </Typography>
          </Box>
        ) : null}
        <Button onClick={onClose} disabled={saving} color="inherit">
          {readOnly ? tCommon('actions.close') : tCommon('actions.cancel')}
        </Button>
        {readOnly ? null : (
          <Button variant="contained" loading={saving} disabled={deleted} onClick={save}>
            {instance ? t('editor.save') : t('editor.create')}
          </Button>
        )}
      </DialogActions>
    </Dialog>
  );
}
