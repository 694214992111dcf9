// The item editor: details, attributes (bulk), formulas (with emulation) and history tabs. A new item is saved as
// pending (POST …/items with its attributes); an existing one saves its fields (PUT), attributes (PUT …/attributes)
// and formulas (PUT …/formulas) with the revision it was loaded at, so a stale save (409) keeps the input and offers
// the latest version.
import { lazy, Suspense, useState, type ReactNode } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import FunctionsIcon from '@mui/icons-material/Functions';
import SaveOutlinedIcon from '@mui/icons-material/SaveOutlined';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link as RouterLink, useNavigate, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { FieldValues, UseFormHandleSubmit } from 'react-hook-form';
import { canActOnItem, roleAllows, type Catalog, type Item } from '@costory/shared';
import { useToast } from '@/components/feedback/toast';
import { useSession } from '@/lib/session';
import { i18n } from '@/i18n';
import { useLocalizedForm } from '@/lib/validation';
import { getGroupsQueryOptions } from '../api/groups';
import { getItemQueryOptions, useCreateItem, useSaveAttributes, useUpdateItem } from '../api/items';
import { getLabelsQueryOptions } from '../api/labels';
import { getPhasesQueryOptions } from '../api/phases';
import { useLocalizedText } from '@/hooks/use-catalog-locale';
import { attributesFormSchema, toAttributeForm, type AttributesForm } from '../lib/attribute-form';
import { catalogPaths } from '../lib/catalog-paths';
import { localizedLabels } from '../lib/field-labels';
import { itemDetailsFormOf, itemDetailsSchema } from '../lib/item-form';
import { useQueryErrorToast } from '@/hooks/use-query-error-toast';
import { isProblem, problemText } from '@/lib/problem-text';
import { AttributesEditor } from './attributes-editor';
import { ConflictAlert } from '@/components/conflict-alert';
import { EmptyState } from '@/components/empty-state';
import { EventsList } from './events-list';
import { ItemDetailsFields } from './item-details-fields';
import { ItemWorkflow } from './item-workflow';
import { StateChip } from './state-chip';

// The formula editor brings the formula engine along; it loads when its tab is first opened.
const FormulasEditor = lazy(() =>
  import('./formulas-editor').then((module) => ({ default: module.FormulasEditor })),
);

type EditorTab = 'details' | 'attributes' | 'formulas' | 'history';

/** Runs a form's validation and gives its parsed values, or null when it is invalid. */
function validated<TValues extends FieldValues, TOutput>(
  handleSubmit: UseFormHandleSubmit<TValues, TOutput>,
): Promise<TOutput | null> {
  return new Promise((resolve) => {
    void handleSubmit(
      (values) => resolve(values),
      () => resolve(null),
    )();
  });
}

function attributesFormOf(item: Item | undefined, languages: readonly string[]): AttributesForm {
  return {
    attributes: (item?.attributes ?? []).map((attribute) => toAttributeForm(attribute, languages)),
  };
}

function TabPanel({
  id,
  active,
  children,
}: {
  id: EditorTab;
  active: boolean;
  children: ReactNode;
}) {
  // Panels stay mounted while hidden, so what was typed in one tab survives a look at another.
  return (
    <Box
      role="tabpanel"
      id={`item-panel-${id}`}
      aria-labelledby={`item-tab-${id}`}
      hidden={!active}
      sx={{ pt: 3 }}
    >
      {children}
    </Box>
  );
}

export interface ItemEditorProps {
  catalog: Catalog;
  /** The item to edit; without it a new item is suggested. */
  item?: Item;
  /** The group a new item starts in. */
  groupId?: number;
}

export function ItemEditor({ catalog, item, groupId }: ItemEditorProps) {
  const { t } = useTranslation('catalogs');
  const { t: tErrors } = useTranslation('errors');
  const toast = useToast();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { userId } = useSession();
  const localized = useLocalizedText(catalog);
  const { supportedLanguages: languages, defaultLanguage } = catalog;
  const groups = useQuery(getGroupsQueryOptions(catalog.id));
  const phases = useQuery(getPhasesQueryOptions(catalog.id));
  const labels = useQuery(getLabelsQueryOptions(catalog.id));
  useQueryErrorToast(groups, tErrors('load.groupHierarchy'));
  const createItem = useCreateItem(catalog.id);
  const updateItem = useUpdateItem(catalog.id, item?.id ?? 0);
  const saveAttributes = useSaveAttributes(catalog.id, item?.id ?? 0);
  const [searchParams] = useSearchParams();
  const [tab, setTab] = useState<EditorTab>(
    item && searchParams.get('tab') === 'formulas' ? 'formulas' : 'details',
  );
  // The formulas load when their tab is first opened and then stay, like the other tabs' input.
  const [formulasOpened, setFormulasOpened] = useState(tab === 'formulas');
  // Counts "load the latest version": the formulas tab loads its formulas again each time.
  const [reloads, setReloads] = useState(0);
  // The revision this page's data was loaded at: every write sends it, the server refuses a stale one.
  const [revision, setRevision] = useState(item?.revision ?? 0);
  const [conflict, setConflict] = useState(false);
  const [reloading, setReloading] = useState(false);

  const details = useLocalizedForm(itemDetailsSchema(languages, defaultLanguage), {
    defaultValues: itemDetailsFormOf(item, languages, groupId),
    fieldLabels: (locale) => {
      const tFixed = i18n.getFixedT(locale, 'catalogs');
      return {
        ...localizedLabels('name', tFixed('fieldName.name'), languages, locale),
        code: tFixed('fieldName.code'),
        description: tFixed('fieldName.description'),
      };
    },
  });
  const attributes = useLocalizedForm(attributesFormSchema(languages, defaultLanguage), {
    defaultValues: attributesFormOf(item, languages),
    fieldLabels: (locale) => {
      const tFixed = i18n.getFixedT(locale, 'catalogs');
      return {
        'attributes.*.code': tFixed('fieldName.code'),
        'attributes.*.defaultValue': tFixed('fieldName.defaultValue'),
        'attributes.*.minimum': tFixed('fieldName.minimum'),
        'attributes.*.maximum': tFixed('fieldName.maximum'),
        'attributes.*.enumValues': tFixed('fieldName.enumValues'),
        'attributes.*.enumValues.*.code': tFixed('fieldName.code'),
        'attributes.*.description': tFixed('fieldName.description'),
        ...localizedLabels('attributes.*.name', tFixed('fieldName.name'), languages, locale),
        ...localizedLabels(
          'attributes.*.enumValues.*.label',
          tFixed('fieldName.valueText'),
          languages,
          locale,
        ),
      };
    },
  });

  const canEdit = item
    ? canActOnItem(catalog.myRole, 'EDIT_ITEM', item, userId ?? item.createdByUserId ?? 0)
    : roleAllows(catalog.myRole, 'SUGGEST_ITEM');
  const canEditFormulas =
    item !== undefined &&
    canActOnItem(catalog.myRole, 'EDIT_FORMULAS', item, userId ?? item.createdByUserId ?? 0);
  const saving = createItem.isPending || updateItem.isPending || saveAttributes.isPending;
  const listPath = catalogPaths.items(catalog.id, { groupId: item?.groupId ?? groupId });

  const showItem = (latest: Item) => {
    setRevision(latest.revision);
    details.reset(itemDetailsFormOf(latest, languages, undefined));
    attributes.reset(attributesFormOf(latest, languages));
    setConflict(false);
  };

  // The spec's toast says what failed; a stale revision also keeps the input and offers the latest.
  const onWriteError = (error: unknown, specText: string) => {
    toast.error(specText);
    if (isProblem(error, 'CONFLICT')) {
      setConflict(true);
      return;
    }
    if (!isProblem(error, 'VALIDATION_FAILED')) return;
    for (const fieldError of error.errors) {
      const failure = { type: fieldError.rule, message: fieldError.message };
      if (fieldError.field.startsWith('attributes.')) {
        attributes.setError(fieldError.field as `attributes.${number}.code`, failure);
      } else if (fieldError.field === 'code') {
        details.setError('code', failure);
      }
    }
  };

  const suggest = async () => {
    const fields = await validated(details.handleSubmit);
    if (!fields) {
      setTab('details');
      return;
    }
    const rows = await validated(attributes.handleSubmit);
    if (!rows) {
      setTab('attributes');
      return;
    }
    createItem.mutate(
      { ...fields, attributes: rows.attributes },
      {
        onSuccess: (created) => {
          toast.success(tErrors('success.itemSuggested'));
          void navigate(
            catalogPaths.items(catalog.id, {
              itemId: created.id,
              groupId: created.groupId ?? undefined,
            }),
          );
        },
        onError: (error) => onWriteError(error, tErrors('write.itemCreate')),
      },
    );
  };

  const saveDetails = async () => {
    const fields = await validated(details.handleSubmit);
    if (!fields || !item) return;
    updateItem.mutate(
      { ...fields, revision },
      {
        onSuccess: (saved) => {
          setRevision(saved.revision);
          details.reset(itemDetailsFormOf(saved, languages, undefined));
          toast.success(t('item.saved'));
        },
        onError: (error) => onWriteError(error, tErrors('write.itemUpdate')),
      },
    );
  };

  const saveAttributeRows = async () => {
    const rows = await validated(attributes.handleSubmit);
    if (!rows || !item) return;
    const creates = rows.attributes.some((row) => row.id === undefined);
    saveAttributes.mutate(
      { revision, attributes: rows.attributes },
      {
        onSuccess: (saved) => {
          setRevision(saved.revision);
          attributes.reset(attributesFormOf(saved, languages));
          toast.success(t('attributes.saved'));
        },
        onError: (error) =>
          onWriteError(
            error,
            creates ? tErrors('write.attributeCreate') : tErrors('write.bulkAttributesUpdate'),
          ),
      },
    );
  };

  const loadLatest = async () => {
    if (!item) return;
    setReloading(true);
    try {
      showItem(
        await queryClient.fetchQuery({ ...getItemQueryOptions(catalog.id, item.id), staleTime: 0 }),
      );
      setReloads((count) => count + 1);
    } catch (error) {
      toast.error(problemText(error, t('item.loadFailed')));
    } finally {
      setReloading(false);
    }
  };

  const tabs: EditorTab[] = item
    ? ['details', 'attributes', 'formulas', 'history']
    : ['details', 'attributes', 'formulas'];
  const title = item ? localized(item.name) || item.code : t('item.createTitle');

  return (
    <Box>
      <Link
        component={RouterLink}
        to={listPath}
        underline="hover"
        sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5, mb: 1.5 }}
      >
        <ArrowBackIcon fontSize="small" />
        {t('item.backToList')}
      </Link>
      <Paper variant="outlined" sx={{ p: { xs: 2, md: 3 } }}>
        <Box sx={{ display: 'flex', gap: 2, alignItems: 'flex-start', flexWrap: 'wrap' }}>
          <Box sx={{ flexGrow: 1, minWidth: 0 }}>
            <Typography variant="h2" sx={{ fontSize: '1.4rem' }}>
              {title}
            </Typography>
            <Stack direction="row" spacing={1} sx={{ mt: 1, alignItems: 'center' }} useFlexGap>
              {item ? (
                <>
                  <StateChip state={item.state} />
                  <Chip
                    size="small"
                    variant="outlined"
                    label={t('item.version', { version: item.version })}
                  />
                  <Typography variant="body2" sx={{ color: 'text.secondary' }}>
                    {item.code}
                  </Typography>
                </>
              ) : (
                <Typography variant="body2" sx={{ color: 'text.secondary' }}>
                  {t('item.createIntro')}
                </Typography>
              )}
            </Stack>
          </Box>
          {item ? (
            <ItemWorkflow
              catalog={catalog}
              item={item}
              revision={revision}
              onChanged={(changed) => {
                if (changed) setRevision(changed.revision);
                else
                  void navigate(
                    catalogPaths.items(catalog.id, { groupId: item.groupId ?? undefined }),
                  );
              }}
            />
          ) : null}
        </Box>
        {conflict ? (
          <Box sx={{ mt: 2 }}>
            <ConflictAlert
              message={t('conflict.item')}
              onReload={() => void loadLatest()}
              reloading={reloading}
            />
          </Box>
        ) : null}
        {!canEdit ? (
          <Alert severity="info" sx={{ mt: 2 }}>
            {canEditFormulas ? t('item.formulasOnly') : t('item.readOnly')}
          </Alert>
        ) : null}
        <Tabs
          value={tab}
          onChange={(_event, value: EditorTab) => {
            setTab(value);
            if (value === 'formulas') setFormulasOpened(true);
          }}
          aria-label={t('item.sections')}
          sx={{ mt: 2, borderBottom: 1, borderColor: 'divider' }}
        >
          {tabs.map((key) => (
            <Tab
              key={key}
              value={key}
              id={`item-tab-${key}`}
              aria-controls={`item-panel-${key}`}
              label={t(`item.tab.${key}`)}
            />
          ))}
        </Tabs>

        <TabPanel id="details" active={tab === 'details'}>
          <Box
            component="form"
            noValidate
            aria-label={t('item.tab.details')}
            onSubmit={(event) => {
              event.preventDefault();
              void (item ? saveDetails() : suggest());
            }}
          >
            <ItemDetailsFields
              catalog={catalog}
              control={details.control}
              groups={groups.data ?? []}
              phases={phases.data ?? []}
              labels={labels.data ?? []}
              disabled={!canEdit}
              validateDescription={() => void details.trigger('description')}
            />
            {item && canEdit ? (
              <Box sx={{ display: 'flex', justifyContent: 'flex-end', gap: 1, mt: 2 }}>
                <Button
                  color="inherit"
                  disabled={!details.formState.isDirty || saving}
                  onClick={() => details.reset()}
                >
                  {t('actions.discard')}
                </Button>
                <Button
                  type="submit"
                  variant="contained"
                  startIcon={<SaveOutlinedIcon />}
                  loading={updateItem.isPending}
                >
                  {t('item.save')}
                </Button>
              </Box>
            ) : null}
          </Box>
        </TabPanel>

        <TabPanel id="attributes" active={tab === 'attributes'}>
          <Typography sx={{ color: 'text.secondary', mb: 2 }}>{t('attributes.intro')}</Typography>
          <AttributesEditor
            catalog={catalog}
            control={attributes.control}
            setValue={attributes.setValue}
            trigger={attributes.trigger}
            levelsOf={() => attributes.getValues('attributes').map((row) => row.level)}
            disabled={!canEdit}
          />
          {item && canEdit ? (
            <Box sx={{ display: 'flex', justifyContent: 'flex-end', gap: 1, mt: 2 }}>
              <Button
                color="inherit"
                disabled={!attributes.formState.isDirty || saving}
                onClick={() => attributes.reset()}
              >
                {t('actions.discard')}
              </Button>
              <Button
                variant="contained"
                startIcon={<SaveOutlinedIcon />}
                loading={saveAttributes.isPending}
                onClick={() => void saveAttributeRows()}
              >
                {t('attributes.save')}
              </Button>
            </Box>
          ) : null}
        </TabPanel>

        <TabPanel id="formulas" active={tab === 'formulas'}>
          {!item ? (
            <EmptyState
              icon={<FunctionsIcon />}
              title={t('formulas.title')}
              text={t('formulas.newItem')}
            />
          ) : formulasOpened ? (
            <Suspense
              fallback={
                <Skeleton
                  variant="rounded"
                  height={280}
                  role="status"
                  aria-label={t('formulas.loading')}
                />
              }
            >
              <FormulasEditor
                catalog={catalog}
                item={item}
                revision={revision}
                onRevision={setRevision}
                onConflict={() => setConflict(true)}
                reloadKey={reloads}
              />
            </Suspense>
          ) : null}
        </TabPanel>

        {item ? (
          <TabPanel id="history" active={tab === 'history'}>
            {tab === 'history' ? <EventsList catalog={catalog} itemId={item.id} /> : null}
          </TabPanel>
        ) : null}

        {item ? null : (
          <Box
            sx={{
              display: 'flex',
              justifyContent: 'flex-end',
              gap: 1,
              mt: 3,
              pt: 2,
              borderTop: 1,
              borderColor: 'divider',
            }}
          >
            <Button component={RouterLink} to={listPath} color="inherit" disabled={saving}>
              {t('actions.cancel')}
            </Button>
            <Button
              variant="contained"
              startIcon={<SaveOutlinedIcon />}
              loading={createItem.isPending}
              disabled={!canEdit}
              onClick={() => void suggest()}
            >
              {t('item.saveAsPending')}
            </Button>
          </Box>
        )}
      </Paper>
    </Box>
  );
}
