// The formulas tab of the item editor: per catalog role its formulas by level (name and expression with completion),
// checked while typing by @costory/calc against the item's attributes; saved in bulk with the item revision (PUT),
// a role's formulas deleted after a confirmation (DELETE), and an emulation of the formulas as they are now.
import { memo, useCallback, useEffect, useEffectEvent, useMemo, useRef, useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import AddIcon from '@mui/icons-material/Add';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlined';
import DeleteSweepOutlinedIcon from '@mui/icons-material/DeleteSweepOutlined';
import FunctionsIcon from '@mui/icons-material/Functions';
import SaveOutlinedIcon from '@mui/icons-material/SaveOutlined';
import { useQuery } from '@tanstack/react-query';
import { Controller, useFieldArray, type Control } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import {
  checkFormula,
  type CheckResult,
  type FormulaAttribute,
  type FormulaIssue,
} from '@costory/calc';
import {
  canActOnItem,
  formulaProblemIssuesSchema,
  type Attribute,
  type Catalog,
  type FormulaFields,
  type Item,
  type ItemFormulas,
  type Role,
} from '@costory/shared';
import { useConfirm } from '@/components/feedback/confirm-dialog';
import { useToast } from '@/components/feedback/toast';
import { useSession } from '@/lib/session';
import { i18n } from '@/i18n';
import type { ApiError } from '@/lib/api-client';
import { useLocalizedForm } from '@/lib/validation';
import {
  getItemFormulasQueryOptions,
  useDeleteRoleFormulas,
  useSaveFormulas,
} from '../api/formulas';
import { getRolesQueryOptions } from '../api/roles';
import { useLocalizedText, useUiLocale } from '@/hooks/use-catalog-locale';
import { useFormulaTexts, type FormulaTexts } from '@/hooks/use-formula-texts';
import { useQueryErrorToast } from '@/hooks/use-query-error-toast';
import type { CompletionAttribute } from '../lib/formula-completion';
import {
  formulaAttributesOf,
  formulaLevels,
  formulasFormSchema,
  newFormulaForm,
  toFormulasForm,
  type FormulaForm,
  type FormulasForm,
} from '../lib/formula-form';
import { formatRolePrice } from '../lib/money';
import { isProblem } from '@/lib/problem-text';
import { EmptyState } from '@/components/empty-state';
import { FormulaEmulation } from './formula-emulation';
import { FormulaExpressionField, type ShownIssue } from './formula-expression-field';

/** Checks run this long after the last keystroke. */
export const FORMULA_CHECK_DEBOUNCE_MS = 200;

/**
 * What the server said about a row: the issues of its stored formula, or those of a refused save.
 * They hold while the expression and the item's attributes are the ones they were found for.
 */
interface ServerVerdict {
  readonly expression: string;
  readonly attributes: readonly Attribute[];
  readonly issues: readonly FormulaIssue[];
  /** A worded reason without positions (a field error of the problem). */
  readonly message?: string;
}

type Verdicts = ReadonlyMap<string, ServerVerdict>;

function storedVerdicts(
  data: ItemFormulas,
  rows: readonly FormulaForm[],
  attributes: readonly Attribute[],
): Verdicts {
  const verdicts = new Map<string, ServerVerdict>();
  for (const row of rows) {
    const stored = data.formulas.find((formula) => formula.id === row.formulaId);
    if (stored && stored.issues.length > 0) {
      verdicts.set(row.key, { expression: stored.expression, attributes, issues: stored.issues });
    }
  }
  return verdicts;
}

function sameIssue(a: FormulaIssue, b: FormulaIssue): boolean {
  return a.code === b.code && a.start === b.start && a.end === b.end;
}

/**
 * The issues a row shows: those of the last check (worded on the text it checked), and the
 * server's while the expression and the attributes are still the ones they were found for.
 */
function issuesOfRow(
  expression: string,
  checked: { expression: string; result: CheckResult } | undefined,
  level: number,
  verdict: ServerVerdict | undefined,
  attributes: readonly Attribute[],
  texts: FormulaTexts,
): ShownIssue[] {
  const local = checked && !checked.result.ok ? checked.result.issues : [];
  const holds =
    verdict !== undefined && verdict.expression === expression && verdict.attributes === attributes;
  const server = holds
    ? verdict.issues.filter((issue) => !local.some((found) => sameIssue(found, issue)))
    : [];
  const shown: ShownIssue[] = [
    ...local.map((issue) => ({ issue, text: checked?.expression ?? expression })),
    ...server.map((issue) => ({ issue, text: expression })),
  ].map(({ issue, text }) => ({
    text: texts.issueText(issue, level),
    place: texts.issuePlace(issue, text),
    start: issue.start,
    end: issue.end,
  }));
  if (holds && verdict.message && shown.length === 0) {
    shown.push({ text: verdict.message, place: null, start: 0, end: 0 });
  }
  return shown;
}

interface FormulaRowProps {
  control: Control<FormulasForm, unknown, { formulas: FormulaFields[] }>;
  index: number;
  rowKey: string;
  level: number;
  roleName: string;
  /** The expression as last checked (a moment after typing stopped). */
  settledExpression: string | undefined;
  verdict: ServerVerdict | undefined;
  attributes: readonly Attribute[];
  engineAttributes: readonly FormulaAttribute[];
  completion: readonly CompletionAttribute[];
  texts: FormulaTexts;
  readOnly: boolean;
  onRemove: (rowKey: string) => void;
}

// Memoized: typing in one formula renders that formula only.
const FormulaRow = memo(function FormulaRow({
  control,
  index,
  rowKey,
  level,
  roleName,
  settledExpression,
  verdict,
  attributes,
  engineAttributes,
  completion,
  texts,
  readOnly,
  onRemove,
}: FormulaRowProps) {
  const { t } = useTranslation('catalogs');
  const checked = useMemo(
    () =>
      settledExpression === undefined
        ? undefined
        : {
            expression: settledExpression,
            result: checkFormula(settledExpression, { attributes: engineAttributes, level }),
          },
    [settledExpression, engineAttributes, level],
  );
  const removeLabel = t('formulas.remove', { level });
  return (
    <Box
      role="group"
      aria-label={t('formulas.rowLabel', { role: roleName, level })}
      sx={{
        display: 'grid',
        gap: 1.5,
        alignItems: 'start',
        gridTemplateColumns: {
          xs: '1fr auto',
          md: '96px minmax(180px, 260px) minmax(0, 1fr) auto',
        },
        py: 1.5,
        borderTop: 1,
        borderColor: 'divider',
      }}
    >
      <Chip
        label={t('formulas.level', { level })}
        size="small"
        color="primary"
        variant="outlined"
        sx={{ mt: 0.75, justifySelf: 'start' }}
      />
      <Controller
        control={control}
        name={`formulas.${index}.name`}
        render={({ field, fieldState }) => (
          <TextField
            size="small"
            label={t('formulas.name')}
            required
            name={field.name}
            value={field.value}
            onChange={field.onChange}
            onBlur={field.onBlur}
            inputRef={field.ref}
            slotProps={{ input: { readOnly }, htmlInput: { maxLength: 200 } }}
            error={fieldState.error !== undefined}
            helperText={fieldState.error?.message ?? ' '}
            sx={{ gridColumn: { xs: '1 / -1', md: 'auto' } }}
          />
        )}
      />
      <Box sx={{ gridColumn: { xs: '1 / -1', md: 'auto' }, minWidth: 0 }}>
        <Controller
          control={control}
          name={`formulas.${index}.expression`}
          render={({ field }) => (
            <FormulaExpressionField
              name={field.name}
              label={t('formulas.expression')}
              value={field.value}
              onChange={field.onChange}
              onBlur={field.onBlur}
              inputRef={field.ref}
              readOnly={readOnly}
              attributes={completion}
              level={level}
              issues={issuesOfRow(field.value, checked, level, verdict, attributes, texts)}
            />
          )}
        />
      </Box>
      {readOnly ? null : (
        <Tooltip title={removeLabel}>
          <IconButton
            size="small"
            aria-label={removeLabel}
            onClick={() => onRemove(rowKey)}
            // Beside the level on narrow screens, at the end of the row on wide ones.
            sx={{ mt: 0.5, gridColumn: { xs: 2, md: 'auto' }, gridRow: { xs: 1, md: 'auto' } }}
          >
            <DeleteOutlineIcon fontSize="small" />
          </IconButton>
        </Tooltip>
      )}
    </Box>
  );
});

function useFormulasForm(stored: ItemFormulas) {
  return useLocalizedForm(formulasFormSchema(), {
    defaultValues: toFormulasForm(stored),
    fieldLabels: (locale) => ({
      'formulas.*.name': i18n.getFixedT(locale, 'catalogs')('fieldName.formulaName'),
    }),
  });
}

export interface FormulasEditorProps {
  catalog: Catalog;
  item: Item;
  /** The item revision the page is at; writes send it. */
  revision: number;
  /** A write moved the item to this revision. */
  onRevision: (revision: number) => void;
  /** A write was refused as stale (409): the page shows its conflict notice. */
  onConflict: () => void;
  /** Changes when the page loads the latest version of the item: the formulas are loaded again too. */
  reloadKey: number;
}

export function FormulasEditor(props: FormulasEditorProps) {
  const { catalog, item } = props;
  const { t } = useTranslation('catalogs');
  const { t: tErrors } = useTranslation('errors');
  const stored = useQuery(getItemFormulasQueryOptions(catalog.id, item.id));
  const roles = useQuery(getRolesQueryOptions(catalog.id));
  useQueryErrorToast(stored, tErrors('load.itemFormulas'));
  useQueryErrorToast(roles, t('roles.loadFailed'));

  if (stored.isError || roles.isError) {
    return (
      <EmptyState
        icon={<FunctionsIcon />}
        title={stored.isError ? tErrors('load.itemFormulas') : t('roles.loadFailed')}
        text={t('formulas.loadFailedText')}
        action={
          <Button
            onClick={() => {
              if (stored.isError) void stored.refetch();
              if (roles.isError) void roles.refetch();
            }}
          >
            {t('actions.retry')}
          </Button>
        }
      />
    );
  }
  if (!stored.data || !roles.data) {
    return (
      <Box role="status" aria-label={t('formulas.loading')}>
        <Skeleton width="70%" />
        <Skeleton variant="rounded" height={140} sx={{ mt: 2 }} />
        <Skeleton variant="rounded" height={140} sx={{ mt: 2 }} />
      </Box>
    );
  }
  return (
    <LoadedFormulas
      {...props}
      stored={stored.data}
      roles={roles.data}
      refetch={async () => (await stored.refetch()).data}
    />
  );
}

interface LoadedFormulasProps extends FormulasEditorProps {
  /** The formulas as stored (kept current by every write). */
  stored: ItemFormulas;
  roles: readonly Role[];
  refetch: () => Promise<ItemFormulas | undefined>;
}

function LoadedFormulas({
  catalog,
  item,
  revision,
  onRevision,
  onConflict,
  reloadKey,
  stored,
  roles: catalogRoles,
  refetch,
}: LoadedFormulasProps) {
  const { t } = useTranslation('catalogs');
  const { t: tErrors } = useTranslation('errors');
  const { t: tDomain } = useTranslation('domain');
  const toast = useToast();
  const confirm = useConfirm();
  const locale = useUiLocale();
  const localized = useLocalizedText(catalog);
  const { userId } = useSession();
  const saveFormulas = useSaveFormulas(catalog.id, item.id);
  const deleteRoleFormulas = useDeleteRoleFormulas(catalog.id, item.id);
  const attributes = item.attributes;

  const form = useFormulasForm(stored);
  const { control, getValues, setValue, watch } = form;
  // Rows are laid out from the field array (role and level never change), so typing renders no list.
  const rows = useFieldArray({ control, name: 'formulas' });
  const [verdicts, setVerdicts] = useState<Verdicts>(() =>
    storedVerdicts(stored, getValues('formulas'), attributes),
  );
  // The formulas as they were a moment after typing stopped: what is checked and emulated. A copy,
  // since react-hook-form changes its own values in place.
  const snapshot = useCallback(() => getValues('formulas').map((row) => ({ ...row })), [getValues]);
  const [settled, setSettled] = useState<readonly FormulaForm[]>(snapshot);
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const subscription = watch(() => {
      clearTimeout(timer);
      timer = setTimeout(() => setSettled(snapshot()), FORMULA_CHECK_DEBOUNCE_MS);
    });
    return () => {
      clearTimeout(timer);
      subscription.unsubscribe();
    };
  }, [watch, snapshot]);
  const removeRow = useCallback(
    (rowKey: string) =>
      setValue(
        'formulas',
        getValues('formulas').filter((row) => row.key !== rowKey),
        { shouldDirty: true, shouldValidate: false },
      ),
    [getValues, setValue],
  );

  const canEdit = canActOnItem(
    catalog.myRole,
    'EDIT_FORMULAS',
    item,
    userId ?? item.createdByUserId ?? 0,
  );
  const readOnly = !canEdit;
  const engineAttributes = useMemo(() => formulaAttributesOf(attributes), [attributes]);
  const completion = useMemo<CompletionAttribute[]>(
    () =>
      attributes.map((attribute) => ({
        code: attribute.code,
        name: localized(attribute.name) || attribute.code,
        level: attribute.level,
        type: attribute.type,
      })),
    [attributes, localized],
  );
  const texts = useFormulaTexts(catalog, attributes);

  /** Shows `data` as saved; `keep` are rows typed here that stay (their unsaved edits too). */
  const showStored = (data: ItemFormulas, keep?: readonly FormulaForm[]) => {
    const baseline = toFormulasForm(data, keep);
    form.reset(baseline);
    if (keep && JSON.stringify(keep) !== JSON.stringify(baseline.formulas)) {
      setValue('formulas', [...keep], { shouldDirty: true, shouldValidate: false });
    }
    const shown = snapshot();
    setSettled(shown);
    setVerdicts(storedVerdicts(data, shown, attributes));
  };

  // "Load the latest version" of the page: the formulas as stored now replace the input.
  const reloadedFor = useRef(reloadKey);
  const reload = useEffectEvent(async () => {
    const latest = await refetch();
    if (latest) showStored(latest);
  });
  useEffect(() => {
    if (reloadedFor.current === reloadKey) return;
    reloadedFor.current = reloadKey;
    void reload();
  }, [reloadKey]);

  const issueCount = useMemo(
    () =>
      settled.reduce((count, row) => {
        const result = checkFormula(row.expression, {
          attributes: engineAttributes,
          level: row.level,
        });
        return count + (result.ok ? 0 : result.issues.length);
      }, 0),
    [settled, engineAttributes],
  );
  const usedLevels = rows.fields.map((row) => row.level).join(',');
  const levels = useMemo(
    () => formulaLevels(item.maxLevel, usedLevels ? usedLevels.split(',').map(Number) : []),
    [item.maxLevel, usedLevels],
  );
  const settledByKey = new Map(settled.map((row) => [row.key, row.expression]));

  const add = (role: Role, level: number) => {
    rows.append(
      newFormulaForm(role.id, level, t('formulas.defaultName', { code: role.code, level })),
      {
        focusName: `formulas.${rows.fields.length}.expression`,
      },
    );
  };

  // The server's reasons for refusing a save, on the rows that were sent.
  const showRefusal = (error: ApiError, sent: readonly FormulaForm[]) => {
    const next = new Map(verdicts);
    const parsed = formulaProblemIssuesSchema.safeParse(error.extensions.formulaIssues);
    const withIssues = new Set<number>();
    if (parsed.success) {
      for (const { index, issues } of parsed.data) {
        const row = sent[index];
        if (!row) continue;
        withIssues.add(index);
        next.set(row.key, { expression: row.expression, attributes, issues });
      }
    }
    let focused = false;
    for (const fieldError of error.errors) {
      const match = /^formulas\.(\d+)\.(name|expression)$/.exec(fieldError.field);
      const index = Number(match?.[1]);
      const row = sent[index];
      if (!match || !row) continue;
      if (match[2] === 'name') {
        form.setError(
          `formulas.${index}.name`,
          { type: fieldError.rule, message: fieldError.message },
          { shouldFocus: !focused },
        );
        focused = true;
      } else if (!withIssues.has(index)) {
        next.set(row.key, {
          expression: row.expression,
          attributes,
          issues: [],
          message: fieldError.message,
        });
      }
    }
    setVerdicts(next);
  };

  const save = () =>
    void form.handleSubmit((parsed: { formulas: FormulaFields[] }) => {
      const sent = form.getValues('formulas');
      const failing = sent.some(
        (row) =>
          !checkFormula(row.expression, { attributes: engineAttributes, level: row.level }).ok,
      );
      if (failing) return;
      saveFormulas.mutate(
        { revision, formulas: parsed.formulas },
        {
          onSuccess: (saved) => {
            onRevision(saved.revision);
            showStored(saved);
            toast.success(t('formulas.saved'));
          },
          onError: (error) => {
            toast.error(tErrors('write.bulkFormulasUpdate'));
            if (isProblem(error, 'CONFLICT')) onConflict();
            else if (isProblem(error, 'FORMULA_INVALID') || isProblem(error, 'VALIDATION_FAILED')) {
              showRefusal(error, sent);
            }
          },
        },
      );
    })();

  const askDeleteRole = (role: Role) => {
    const name = localized(role.name) || role.code;
    confirm({
      title: t('formulas.deleteRoleTitle'),
      message: t('formulas.deleteRoleMessage', { role: name }),
      okButtonText: t('actions.delete'),
      onOk: async () => {
        try {
          const saved = await deleteRoleFormulas.mutateAsync({ roleId: role.id, revision });
          onRevision(saved.revision);
          // What was typed for the other roles stays.
          showStored(
            saved,
            form.getValues('formulas').filter((row) => row.roleId !== role.id),
          );
          toast.success(tErrors('success.roleFormulasDeleted'));
        } catch (error) {
          toast.error(tErrors('write.roleFormulasDelete'));
          if (isProblem(error, 'CONFLICT')) onConflict();
        }
      },
    });
  };

  if (catalogRoles.length === 0) {
    return (
      <EmptyState
        icon={<FunctionsIcon />}
        title={t('formulas.noRolesTitle')}
        text={t('formulas.noRolesText')}
      />
    );
  }

  if (rows.fields.length === 0 && !form.formState.isDirty) {
    const firstRole = catalogRoles[0];
    return (
      <EmptyState
        icon={<FunctionsIcon />}
        title={t('formulas.emptyTitle')}
        text={readOnly ? t('formulas.emptyTextReadOnly') : t('formulas.emptyText')}
        action={
          readOnly || !firstRole ? undefined : (
            <Button variant="contained" startIcon={<AddIcon />} onClick={() => add(firstRole, 1)}>
              {t('formulas.add')}
            </Button>
          )
        }
      />
    );
  }

  const storedRoleIds = new Set(stored.formulas.map((formula) => formula.roleId));
  const fixFirstId = 'formulas-fix-first';

  return (
    <Box>
      <Typography sx={{ color: 'text.secondary', mb: 2 }}>{t('formulas.intro')}</Typography>
      <Stack spacing={2}>
        {catalogRoles.map((role) => {
          const roleName = localized(role.name) || role.code;
          const headingId = `formulas-role-${role.id}`;
          const indexes = rows.fields
            .map((row, index) => ({ row, index }))
            .filter(({ row }) => row.roleId === role.id)
            .sort((a, b) => a.row.level - b.row.level);
          const used = new Set(indexes.map(({ row }) => row.level));
          const free = levels.filter((level) => !used.has(level));
          return (
            <Paper
              key={role.id}
              variant="outlined"
              component="section"
              aria-labelledby={headingId}
              sx={{ px: { xs: 2, md: 2.5 }, pt: 2, pb: 1.5 }}
            >
              <Box sx={{ display: 'flex', gap: 1.5, alignItems: 'flex-start', flexWrap: 'wrap' }}>
                <Box sx={{ flexGrow: 1, minWidth: 0 }}>
                  <Typography variant="h3" id={headingId} sx={{ fontSize: '1.05rem' }}>
                    {roleName}{' '}
                    <Box
                      component="span"
                      sx={{ color: 'text.secondary', fontWeight: 400, fontSize: '0.9rem' }}
                    >
                      {role.code}
                    </Box>
                  </Typography>
                  <Typography variant="body2" sx={{ color: 'text.secondary' }}>
                    {tDomain(`unit.${role.unit}`)}
                    {' · '}
                    {t('formulas.rolePrice', {
                      price: formatRolePrice(role.price, catalog, locale),
                      unit: tDomain(`unitSymbol.${role.unit}`),
                    })}
                  </Typography>
                </Box>
                {!readOnly && storedRoleIds.has(role.id) ? (
                  <Button
                    size="small"
                    color="error"
                    startIcon={<DeleteSweepOutlinedIcon />}
                    aria-label={t('formulas.deleteRoleNamed', { role: roleName })}
                    disabled={deleteRoleFormulas.isPending || saveFormulas.isPending}
                    onClick={() => askDeleteRole(role)}
                  >
                    {t('formulas.deleteRole')}
                  </Button>
                ) : null}
              </Box>
              <Box sx={{ mt: 1.5 }}>
                {indexes.length === 0 ? (
                  <Typography variant="body2" sx={{ color: 'text.secondary', pb: 1 }}>
                    {t('formulas.noneForRole')}
                  </Typography>
                ) : (
                  indexes.map(({ row, index }) => (
                    <FormulaRow
                      key={row.key}
                      control={control}
                      index={index}
                      rowKey={row.key}
                      level={row.level}
                      roleName={roleName}
                      settledExpression={settledByKey.get(row.key)}
                      verdict={verdicts.get(row.key)}
                      attributes={attributes}
                      engineAttributes={engineAttributes}
                      completion={completion}
                      texts={texts}
                      readOnly={readOnly}
                      onRemove={removeRow}
                    />
                  ))
                )}
              </Box>
              {!readOnly && free.length > 0 ? (
                <Stack
                  direction="row"
                  spacing={1}
                  useFlexGap
                  sx={{
                    alignItems: 'center',
                    flexWrap: 'wrap',
                    pt: 1,
                    borderTop: 1,
                    borderColor: 'divider',
                  }}
                >
                  <Typography variant="body2" sx={{ color: 'text.secondary' }}>
                    {t('formulas.addFor')}
                  </Typography>
                  {free.map((level) => (
                    <Button
                      key={level}
                      size="small"
                      startIcon={<AddIcon />}
                      aria-label={t('formulas.addLevel', { level })}
                      onClick={() => add(role, level)}
                    >
                      {t('formulas.levelButton', { level })}
                    </Button>
                  ))}
                </Stack>
              ) : null}
            </Paper>
          );
        })}
      </Stack>

      {readOnly ? null : (
        <Box
          sx={{
            display: 'flex',
            justifyContent: 'flex-end',
            alignItems: 'center',
            flexWrap: 'wrap',
            gap: 1,
            mt: 2,
          }}
        >
          {issueCount > 0 ? (
            <Alert severity="warning" role="status" id={fixFirstId} sx={{ py: 0, mr: 'auto' }}>
              {t('formulas.fixFirst', { count: issueCount })}
            </Alert>
          ) : null}
          <Button
            color="inherit"
            disabled={!form.formState.isDirty || saveFormulas.isPending}
            onClick={() => showStored(stored)}
          >
            {t('actions.discard')}
          </Button>
          <Button
            variant="contained"
            startIcon={<SaveOutlinedIcon />}
            loading={saveFormulas.isPending}
            disabled={issueCount > 0}
            aria-describedby={issueCount > 0 ? fixFirstId : undefined}
            onClick={save}
          >
            {t('formulas.save')}
          </Button>
        </Box>
      )}

      <FormulaEmulation
        catalog={catalog}
        item={item}
        roles={catalogRoles}
        attributes={engineAttributes}
        formulas={settled}
        levels={levels}
        texts={texts}
      />
    </Box>
  );
}
