// One instance as a row of the items grid: level, optional, values and labels typed in cells, the row's total recalculated on each keystroke, the row saved when a cell is left (with the instance's revision; a conflict keeps the typing).
import {
  memo,
  useEffect,
  useLayoutEffect,
  useRef,
  useState,
  type FocusEvent,
  type ReactNode,
} from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { notifyManager } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { StoryModel } from '@costory/calc';
import {
  boundFailureMessage,
  instanceSchema,
  type Instance,
  type Story,
  type StoryCatalogItem,
  type StoryLabel,
} from '@costory/shared';
import { CodeText } from '@/components/code-text';
import { useToast } from '@/components/feedback/toast';
import { apiClient, ApiError } from '@/lib/api-client';
import { useLocalizedText } from '@/hooks/use-catalog-locale';
import { useStoryFigures } from '../lib/story-figures';
import {
  draftFields,
  draftOf,
  evaluateDraft,
  shownAttributes,
  type Draft,
} from '../instances/instance-draft';
import type { Entry } from '../instances/attribute-entry';
import { InstanceChips } from '../instances/instance-chips';
import { InstanceActions } from '../instances/instance-actions';
import { useLiveRow } from '../live/live-store';
import { LiveRowEditors, liveRowSx } from '../live/live-ui';
import { useGridDeltas } from './grid-deltas';
import { CELL_ATTRIBUTE, ROW_ATTRIBUTE } from './grid-keys';
import { labelsText, parseLabels, unnamedLabelIds } from './grid-labels';

export interface GridRowProps {
  story: Story;
  item: StoryCatalogItem;
  model: StoryModel;
  instance: Instance;
  labels: readonly StoryLabel[];
  /** Prices are shown (READ_MARGINS). */
  margins: boolean;
  /** Its first cell takes the focus when it appears (a row just added from the grid). */
  autoFocus: boolean;
  /** The row is one of those the filters list (a row just added may not be): it moves the filtered subtotal. */
  inFilter: boolean;
  onOpen: (instance: Instance) => void;
  onCopy: (instance: Instance) => void;
  onDelete: (instance: Instance) => void;
  onSaved: (instance: Instance, before: Instance, inFilter: boolean) => void;
}

/** How long "Saved" stays under a row. */
const SAVED_SHOWN_MS = 2500;

type Status = 'idle' | 'saving' | 'saved' | 'conflict' | 'failed';

function sameDraft(a: Draft, b: Draft): boolean {
  return (
    a.level === b.level &&
    a.optional === b.optional &&
    a.labelIds.length === b.labelIds.length &&
    a.labelIds.every((id) => b.labelIds.includes(id)) &&
    Object.keys(a.entries).every((code) => a.entries[code] === b.entries[code])
  );
}

export const GridRow = memo(function GridRow(props: GridRowProps) {
  const { story, item, model, instance, labels, margins } = props;
  const { t } = useTranslation('instances');
  const { t: tErrors } = useTranslation('errors');
  const toast = useToast();
  const figures = useStoryFigures(story.catalog);
  const localized = useLocalizedText(story.catalog);
  const deltas = useGridDeltas();
  // Changed by someone else just now (a brief flash), and who else is editing it.
  const live = useLiveRow(instance.id);
  const [base, setBase] = useState(instance);
  const [draft, setDraft] = useState(() => draftOf(item, instance, figures.locale));
  const [labelEntry, setLabelEntry] = useState(() => labelsText(instance.labelIds, labels));
  const [left, setLeft] = useState<ReadonlySet<string>>(new Set());
  const [status, setStatus] = useState<Status>('idle');
  const [serverErrors, setServerErrors] = useState<Readonly<Record<string, string>>>({});
  const firstCell = useRef<HTMLElement | null>(null);
  const saving = useRef(false);
  // The save a click on the row's name or Copy waits for (the click's blur started it).
  const inFlight = useRef<Promise<void>>(Promise.resolve());
  // The draft as it is now, for a save queued behind one in flight.
  const latest = useRef({ draft, base, labelEntry });
  useLayoutEffect(() => {
    latest.current = { draft, base, labelEntry };
  });

  const saved = draftOf(item, base, figures.locale);
  const dirty = !sameDraft(draft, saved);
  const evaluated = evaluateDraft(model, item, draft, instance.id);
  const labelProblem = parseLabels(labelEntry, labels).unknown;
  const name = base.name || localized(item.name) || item.code;

  // A newer version of the instance under a row nobody is typing in (a refetch, the full editor).
  const [seen, setSeen] = useState(instance);
  if (instance !== seen) {
    setSeen(instance);
    if (instance.revision > base.revision && !dirty && status !== 'saving') {
      setBase(instance);
      setDraft(draftOf(item, instance, figures.locale));
      setLabelEntry(labelsText(instance.labelIds, labels));
    }
  }

  // The story's labels may arrive after the rows: the cell is filled then, unless it is being typed in.
  const [seenLabels, setSeenLabels] = useState(labels);
  if (labels !== seenLabels) {
    setSeenLabels(labels);
    if (!dirty && labelProblem.length === 0) setLabelEntry(labelsText(base.labelIds, labels));
  }

  const shownPrice = dirty ? Number(evaluated.result.total.price) : Number(base.price ?? 0);
  const shownMandays = dirty ? evaluated.result.total.mandays : base.mandays;
  const incomplete = dirty && evaluated.incomplete;
  // Before the paint: a save's cache shift and the row's zeroed difference show in the same frame.
  useLayoutEffect(() => {
    const counts = (optional: boolean, value: number) => (optional ? 0 : value);
    deltas.report(String(instance.id), {
      inFilter: props.inFilter,
      price: incomplete
        ? 0
        : counts(draft.optional, shownPrice) - counts(base.optional, Number(base.price ?? 0)),
      mandays: incomplete
        ? 0
        : counts(draft.optional, shownMandays) - counts(base.optional, base.mandays),
      incomplete,
    });
  }, [
    deltas,
    instance.id,
    props.inFilter,
    incomplete,
    draft.optional,
    shownPrice,
    shownMandays,
    base,
  ]);
  useEffect(() => () => deltas.forget(String(instance.id)), [deltas, instance.id]);
  useEffect(() => {
    if (props.autoFocus) firstCell.current?.focus();
  }, [props.autoFocus]);
  useEffect(() => {
    if (status !== 'saved') return;
    const timer = setTimeout(() => setStatus('idle'), SAVED_SHOWN_MS);
    return () => clearTimeout(timer);
  }, [status]);

  const save = async () => {
    const now = latest.current;
    const state = evaluateDraft(model, item, now.draft, instance.id);
    const unknownLabels = parseLabels(now.labelEntry, labels).unknown;
    if (sameDraft(now.draft, draftOf(item, now.base, figures.locale))) return;
    if (Object.keys(state.problems).length > 0 || unknownLabels.length > 0) return;
    if (saving.current) return;
    saving.current = true;
    setStatus('saving');
    try {
      const body = {
        ...draftFields(now.draft, state.values),
        name: now.base.name,
        description: now.base.description,
        revision: now.base.revision,
      };
      const result = await apiClient.put(`/stories/${story.id}/instances/${instance.id}`, body, {
        schema: instanceSchema,
      });
      const typedMeanwhile = latest.current.draft !== now.draft;
      latest.current = { ...latest.current, base: result };
      saving.current = false;
      // The row's own figure and the totals the cache holds change in one render: nothing flickers.
      notifyManager.batch(() => {
        props.onSaved(result, now.base, props.inFilter);
        notifyManager.schedule(() => {
          setServerErrors({});
          setBase(result);
          // Nothing typed meanwhile: the cells show what the server keeps ("30.50" reads "30.5").
          if (!typedMeanwhile) {
            setDraft(draftOf(item, result, figures.locale));
            setLabelEntry(labelsText(result.labelIds, labels));
          }
          setStatus('saved');
        });
      });
      // Typing went on while the save was on its way: that is saved next. Only then: the server's
      // answer may read differently from what was typed, which must not start another save.
      if (typedMeanwhile) await save();
    } catch (error) {
      saving.current = false;
      if (error instanceof ApiError && error.code === 'CONFLICT') return setStatus('conflict');
      setStatus('failed');
      if (error instanceof ApiError && error.code === 'VALIDATION_FAILED' && error.errors) {
        setServerErrors(
          Object.fromEntries(error.errors.map((problem) => [problem.field, problem.message])),
        );
      } else {
        toast.error(tErrors('write.instanceUpdate'));
      }
    }
  };

  // After a conflict: the version someone else saved, or nothing (said at the row) when it cannot be read.
  const fetchLatest = async (): Promise<Instance | undefined> => {
    try {
      return await apiClient.get(`/stories/${story.id}/instances/${instance.id}`, {
        schema: instanceSchema,
      });
    } catch {
      toast.error(t('grid.loadFailed'));
      return undefined;
    }
  };
  const loadTheirs = async () => {
    const fresh = await fetchLatest();
    if (!fresh) return;
    setBase(fresh);
    setDraft(draftOf(item, fresh, figures.locale));
    setLabelEntry(labelsText(fresh.labelIds, labels));
    setServerErrors({});
    setStatus('idle');
  };
  const keepMine = async () => {
    const fresh = await fetchLatest();
    if (!fresh) return;
    // The typing stays; it is saved on top of the version just read.
    latest.current = { ...latest.current, base: fresh };
    setBase(fresh);
    setStatus('idle');
    inFlight.current = save();
  };

  const leave = (event: FocusEvent<HTMLElement>) => {
    const column = event.target.getAttribute(CELL_ATTRIBUTE);
    if (column !== null)
      setLeft((before) => (before.has(column) ? before : new Set(before).add(column)));
    if (status !== 'conflict') inFlight.current = save();
  };
  const enter = (code: string, entry: Entry) => {
    setDraft((before) => ({ ...before, entries: { ...before.entries, [code]: entry } }));
    setServerErrors(({ [`values.${code}`]: _dropped, ...rest }) => rest);
  };

  const problemText = (code: string): string | undefined => {
    const problem = evaluated.problems[code];
    const server = serverErrors[`values.${code}`];
    if (problem === undefined) return server;
    if (problem === 'required' && !left.has(code)) return server;
    return typeof problem === 'string'
      ? t(`value.${problem}`)
      : boundFailureMessage(problem, figures.locale);
  };
  const maxLevel = Math.max(1, base.item.maxLevel || item.maxLevel);
  const rowId = `grid-${instance.id}`;

  return (
    <TableRow
      {...{ [ROW_ATTRIBUTE]: '' }}
      onBlur={leave}
      onKeyDown={(event) => {
        // Escape takes back what was typed since the row was last saved, as in a spreadsheet; after a
        // conflict, that is the version someone else saved.
        if (event.key !== 'Escape') return;
        if (status === 'conflict') {
          event.preventDefault();
          return void loadTheirs();
        }
        if (!dirty && labelProblem.length === 0) return;
        event.preventDefault();
        setDraft(draftOf(item, base, figures.locale));
        setLabelEntry(labelsText(base.labelIds, labels));
        setServerErrors({});
      }}
      aria-busy={status === 'saving'}
      data-live-marked={live.marked ? '' : undefined}
      sx={liveRowSx}
    >
      <TableCell>
        <Link
          component="button"
          type="button"
          underline="hover"
          onClick={() => void inFlight.current.then(() => props.onOpen(latest.current.base))}
          sx={{ fontWeight: 600, textAlign: 'left' }}
        >
          {name}
        </Link>
        <Typography variant="body2" sx={{ color: 'text.secondary' }}>
          <CodeText>{item.code}</CodeText>
          {base.name ? ` · ${localized(item.name)}` : ''}
        </Typography>
        <InstanceChips
          instance={base}
          labelOf={(labelId) => labels.find((label) => label.id === labelId)}
          showOptional={false}
        />
        <LiveRowEditors editors={live.editors} />
        <RowStatus
          status={status}
          onKeepMine={() => void keepMine()}
          onLoadTheirs={() => void loadTheirs()}
          onRetry={() => void save()}
        />
      </TableCell>
      <TableCell>
        <Box className="grid-cells">
          <Cell caption={t('list.column.level')} rowName={name}>
            <select
              {...{ [CELL_ATTRIBUTE]: 'level' }}
              ref={(element) => {
                firstCell.current = element;
              }}
              value={draft.level}
              onChange={(event) =>
                setDraft((before) => ({ ...before, level: Number(event.target.value) }))
              }
            >
              {Array.from({ length: maxLevel }, (_, index) => index + 1).map((level) => (
                <option key={level} value={level}>
                  {level}
                </option>
              ))}
            </select>
          </Cell>
          <Cell caption={t('list.optional')} rowName={name}>
            <input
              type="checkbox"
              {...{ [CELL_ATTRIBUTE]: 'optional' }}
              checked={draft.optional}
              onChange={(event) =>
                setDraft((before) => ({ ...before, optional: event.target.checked }))
              }
            />
          </Cell>
          {shownAttributes(item, draft.level).map((attribute) => {
            const caption = localized(attribute.name) || attribute.code;
            const entry = draft.entries[attribute.code] ?? '';
            const error = problemText(attribute.code);
            const errorId = error ? `${rowId}-${attribute.code}-error` : undefined;
            const common = {
              [CELL_ATTRIBUTE]: attribute.code,
              'aria-invalid': error !== undefined,
              'aria-describedby': errorId,
              'aria-required': attribute.mandatory,
            };
            return (
              <Cell
                key={attribute.code}
                caption={caption}
                rowName={name}
                error={error}
                errorId={errorId}
              >
                {attribute.type === 'BOOLEAN' ? (
                  <input
                    type="checkbox"
                    {...common}
                    checked={entry === true}
                    onChange={(event) => enter(attribute.code, event.target.checked)}
                  />
                ) : attribute.type === 'ENUM' ? (
                  <select
                    {...common}
                    value={typeof entry === 'string' ? entry : ''}
                    onChange={(event) => enter(attribute.code, event.target.value)}
                  >
                    <option value="">{t('editor.noValue')}</option>
                    {attribute.enumValues.map((value) => (
                      <option key={value.code} value={value.code}>
                        {localized(value.label) || value.code}
                      </option>
                    ))}
                  </select>
                ) : (
                  <input
                    {...common}
                    className={attribute.type === 'TEXT' ? 'text' : 'number'}
                    value={typeof entry === 'string' ? entry : ''}
                    inputMode={attribute.type === 'TEXT' ? 'text' : 'decimal'}
                    maxLength={2000}
                    placeholder={
                      attribute.defaultValue === null
                        ? undefined
                        : typeof attribute.defaultValue === 'number'
                          ? figures.mandays(attribute.defaultValue)
                          : String(attribute.defaultValue)
                    }
                    onChange={(event) => enter(attribute.code, event.target.value)}
                  />
                )}
              </Cell>
            );
          })}
          <Cell
            caption={t('editor.labels')}
            rowName={name}
            error={
              labelProblem.length > 0
                ? t('grid.unknownLabels', { titles: labelProblem.join(', ') })
                : undefined
            }
            errorId={labelProblem.length > 0 ? `${rowId}-labels-error` : undefined}
          >
            <input
              {...{ [CELL_ATTRIBUTE]: 'labels' }}
              className="text"
              value={labelEntry}
              aria-invalid={labelProblem.length > 0}
              aria-describedby={labelProblem.length > 0 ? `${rowId}-labels-error` : undefined}
              list={`${story.id}-grid-labels`}
              onChange={(event) => {
                setLabelEntry(event.target.value);
                const parsed = parseLabels(event.target.value, labels);
                const kept = unnamedLabelIds(base.labelIds, labels);
                setDraft((before) => ({ ...before, labelIds: [...parsed.ids, ...kept] }));
              }}
            />
          </Cell>
        </Box>
      </TableCell>
      <TableCell align="right" sx={{ fontVariantNumeric: 'tabular-nums', px: 1 }}>
        <span className="figure">
          {incomplete ? '—' : t('list.mandays', { value: figures.mandays(shownMandays) })}
        </span>
      </TableCell>
      {margins ? (
        <TableCell
          align="right"
          sx={{ fontVariantNumeric: 'tabular-nums', fontWeight: 600, px: 1 }}
        >
          <span className={incomplete ? 'figure incomplete' : 'figure'}>
            {incomplete
              ? t('grid.incomplete')
              : figures.price(dirty ? evaluated.result.total.price : (base.price ?? '0'))}
          </span>
          {!dirty && base.errorCount > 0 ? (
            <Chip
              size="small"
              color="error"
              sx={{ ml: 0.5 }}
              label={t('grid.formulaErrors', { count: base.errorCount })}
            />
          ) : null}
        </TableCell>
      ) : null}
      <TableCell align="right" sx={{ whiteSpace: 'nowrap', px: 0.5 }}>
        <InstanceActions
          name={name}
          canCopy={!story.catalog.deleted}
          onCopy={() => void inFlight.current.then(() => props.onCopy(latest.current.base))}
          onDelete={() => props.onDelete(base)}
        />
      </TableCell>
    </TableRow>
  );
});

/** A cell's caption above its control and, under it, what is wrong; its name also says whose row it is. */
function Cell(props: {
  caption: string;
  rowName: string;
  error?: string | undefined;
  errorId?: string | undefined;
  children: ReactNode;
}) {
  return (
    <div className={props.error ? 'grid-cell invalid' : 'grid-cell'}>
      {/* The reason stays outside the label: it describes the control, it does not name it. */}
      <label>
        <span className="caption">{props.caption}</span>
        <span className="row-name"> ({props.rowName})</span>
        {props.children}
      </label>
      {props.error ? (
        <span className="error" id={props.errorId}>
          {props.error}
        </span>
      ) : null}
    </div>
  );
}

/**
 * Saving, saved, or what went wrong with the row's last save and what to do. The status region is
 * always there, so that a screen reader hears its text change.
 */
function RowStatus(props: {
  status: Status;
  onKeepMine: () => void;
  onLoadTheirs: () => void;
  onRetry: () => void;
}) {
  const { t } = useTranslation('instances');
  const progress =
    props.status === 'saving' ? t('grid.saving') : props.status === 'saved' ? t('grid.saved') : '';
  return (
    <>
      <Typography variant="body2" role="status" sx={{ minHeight: 20, color: 'text.secondary' }}>
        {progress}
      </Typography>
      {props.status === 'conflict' ? (
        <Box role="alert" sx={{ color: 'warning.dark', typography: 'body2' }}>
          {t('grid.conflict')}
          <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.5 }}>
            <Button size="small" onClick={props.onKeepMine}>
              {t('grid.keepMine')}
            </Button>
            <Button size="small" color="inherit" onClick={props.onLoadTheirs}>
              {t('grid.loadTheirs')}
            </Button>
          </Box>
        </Box>
      ) : null}
      {props.status === 'failed' ? (
        <Box role="alert" sx={{ color: 'error.main', typography: 'body2' }}>
          {t('grid.failed')}{' '}
          <Button size="small" onClick={props.onRetry}>
            {t('grid.retry')}
          </Button>
        </Box>
      ) : null}
    </>
  );
}
