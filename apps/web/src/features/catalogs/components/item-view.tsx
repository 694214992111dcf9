// The read-only view of one item beside the list: its fields, attributes, workflow buttons, history and a link to edit.
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Divider from '@mui/material/Divider';
import IconButton from '@mui/material/IconButton';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import CloseIcon from '@mui/icons-material/Close';
import EditOutlinedIcon from '@mui/icons-material/EditOutlined';
import FunctionsIcon from '@mui/icons-material/Functions';
import { useQuery } from '@tanstack/react-query';
import { Link as RouterLink } from 'react-router';
import { useTranslation } from 'react-i18next';
import {
  boundsHint,
  canActOnItem,
  type Attribute,
  type Catalog,
  type Group,
  type Item,
  type Label,
  type Phase,
} from '@costory/shared';
import { useSession } from '@/lib/session';
import { getItemQueryOptions } from '../api/items';
import { useLocalizedText, useUiLocale } from '@/hooks/use-catalog-locale';
import { catalogPaths } from '../lib/catalog-paths';
import { useQueryErrorToast } from '@/hooks/use-query-error-toast';
import { failureOtherThanNotFound, isProblem, problemText } from '@/lib/problem-text';
import { EventsList } from './events-list';
import { ItemIcon } from '@/components/item-icon';
import { ItemWorkflow } from './item-workflow';
import { LabelChip } from '@/components/label-chip';
import { StateChip } from './state-chip';

function Fact({ term, children }: { term: string; children: React.ReactNode }) {
  return (
    <Box>
      <Typography component="dt" variant="body2" sx={{ color: 'text.secondary' }}>
        {term}
      </Typography>
      <Typography component="dd" sx={{ m: 0 }}>
        {children}
      </Typography>
    </Box>
  );
}

function AttributeDefault({ attribute, catalog }: { attribute: Attribute; catalog: Catalog }) {
  const { t } = useTranslation('catalogs');
  const localized = useLocalizedText(catalog);
  const value = attribute.defaultValue;
  if (value === null || value === '') return <>—</>;
  if (typeof value === 'boolean') return <>{value ? t('common.yes') : t('common.no')}</>;
  if (attribute.type === 'ENUM') {
    const option = attribute.enumValues.find((candidate) => candidate.code === value);
    return <>{option ? localized(option.label) || option.code : String(value)}</>;
  }
  return <>{String(value)}</>;
}

function AttributesTable({ item, catalog }: { item: Item; catalog: Catalog }) {
  const { t } = useTranslation('catalogs');
  const localized = useLocalizedText(catalog);
  const locale = useUiLocale();
  if (item.attributes.length === 0) {
    return <Typography sx={{ color: 'text.secondary' }}>{t('attributes.none')}</Typography>;
  }
  return (
    <Table size="small" aria-label={t('item.tab.attributes')}>
      <TableHead>
        <TableRow>
          <TableCell>{t('attributes.level')}</TableCell>
          <TableCell>{t('fields.name')}</TableCell>
          <TableCell>{t('attributes.type')}</TableCell>
          <TableCell>{t('attributes.defaultValue')}</TableCell>
        </TableRow>
      </TableHead>
      <TableBody>
        {item.attributes.map((attribute) => (
          <TableRow key={attribute.id}>
            <TableCell>{attribute.level}</TableCell>
            <TableCell>
              {localized(attribute.name) || attribute.code}
              {attribute.mandatory ? (
                <Box
                  component="span"
                  sx={{ color: 'error.main' }}
                  title={t('attributes.mandatory')}
                >
                  {' *'}
                </Box>
              ) : null}
              <Typography variant="caption" component="div" sx={{ color: 'text.secondary' }}>
                {attribute.code}
              </Typography>
            </TableCell>
            <TableCell>
              {t(`attributes.typeName.${attribute.type}`)}
              {attribute.type === 'ENUM' ? (
                <Typography variant="caption" component="div" sx={{ color: 'text.secondary' }}>
                  {attribute.enumValues
                    .map((value) => localized(value.label) || value.code)
                    .join(', ')}
                </Typography>
              ) : (
                <Typography variant="caption" component="div" sx={{ color: 'text.secondary' }}>
                  {boundsHint(attribute, locale)}
                </Typography>
              )}
            </TableCell>
            <TableCell>
              <AttributeDefault attribute={attribute} catalog={catalog} />
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}

export interface ItemViewProps {
  catalog: Catalog;
  itemId: number;
  groups: readonly Group[];
  phases: readonly Phase[];
  labels: readonly Label[];
  onClose: () => void;
}

export function ItemView({ catalog, itemId, groups, phases, labels, onClose }: ItemViewProps) {
  const { t } = useTranslation('catalogs');
  const { t: tCommon } = useTranslation();
  const { userId } = useSession();
  const localized = useLocalizedText(catalog);
  const item = useQuery(getItemQueryOptions(catalog.id, itemId));
  const { t: tErrors } = useTranslation('errors');
  useQueryErrorToast(failureOtherThanNotFound(item), tErrors('load.items'));

  const closeButton = (
    <IconButton aria-label={t('item.closeView')} onClick={onClose} sx={{ ml: 'auto' }}>
      <CloseIcon />
    </IconButton>
  );

  if (item.isPending) {
    return (
      <Box sx={{ p: 3 }} role="status" aria-label={tCommon('loading')}>
        <Box sx={{ display: 'flex' }}>
          <Skeleton width="60%" height={40} />
          {closeButton}
        </Box>
        <Skeleton width="40%" />
        <Skeleton variant="rounded" height={160} sx={{ mt: 2 }} />
      </Box>
    );
  }
  if (item.isError) {
    return (
      <Box sx={{ p: 3 }}>
        <Box sx={{ display: 'flex' }}>{closeButton}</Box>
        <Typography>
          {isProblem(item.error, 'NOT_FOUND')
            ? t('item.notFound')
            : problemText(item.error, t('item.loadFailed'))}
        </Typography>
      </Box>
    );
  }

  const data = item.data;
  const group = groups.find((candidate) => candidate.id === data.groupId);
  const phase = phases.find((candidate) => candidate.id === data.phaseId);
  const description = localized(data.description);
  const canEdit = canActOnItem(
    catalog.myRole,
    'EDIT_ITEM',
    data,
    userId ?? data.createdByUserId ?? 0,
  );
  const canEditFormulas = canActOnItem(
    catalog.myRole,
    'EDIT_FORMULAS',
    data,
    userId ?? data.createdByUserId ?? 0,
  );

  return (
    <Box sx={{ p: 3 }}>
      <Box sx={{ display: 'flex', alignItems: 'flex-start', gap: 1.5 }}>
        <ItemIcon name={data.icon} color="primary" sx={{ mt: 0.5 }} />
        <Box sx={{ minWidth: 0 }}>
          <Typography variant="h2" sx={{ fontSize: '1.35rem' }} id="item-view-title">
            {localized(data.name) || data.code}
          </Typography>
          <Stack direction="row" spacing={1} sx={{ mt: 0.75, alignItems: 'center' }}>
            <StateChip state={data.state} />
            <Chip
              size="small"
              variant="outlined"
              label={t('item.version', { version: data.version })}
            />
            <Typography variant="body2" sx={{ color: 'text.secondary' }}>
              {data.code}
            </Typography>
          </Stack>
        </Box>
        {closeButton}
      </Box>

      <Stack direction="row" spacing={1} useFlexGap sx={{ mt: 2, flexWrap: 'wrap' }}>
        {canEdit ? (
          <Button
            component={RouterLink}
            to={catalogPaths.itemEdit(catalog.id, data.id)}
            size="small"
            variant="outlined"
            startIcon={<EditOutlinedIcon />}
          >
            {t('item.edit')}
          </Button>
        ) : (
          // Who may not edit the item still reaches its formulas: a mathematician edits them, others emulate.
          <Button
            component={RouterLink}
            to={catalogPaths.itemEdit(catalog.id, data.id, 'formulas')}
            size="small"
            variant="outlined"
            startIcon={<FunctionsIcon />}
          >
            {canEditFormulas ? t('item.editFormulas') : t('item.openFormulas')}
          </Button>
        )}
        <ItemWorkflow
          catalog={catalog}
          item={data}
          revision={data.revision}
          onChanged={(changed) => {
            if (!changed) onClose();
          }}
        />
      </Stack>

      <Typography
        sx={{
          mt: 2,
          whiteSpace: 'pre-line',
          color: description ? 'text.primary' : 'text.secondary',
        }}
      >
        {description || t('item.noDescription')}
      </Typography>

      <Box
        component="dl"
        sx={{ display: 'grid', gridTemplateColumns: '1fr 1fr', gap: 1.5, mt: 2, mb: 0 }}
      >
        <Fact term={t('fields.group')}>{group ? localized(group.name) : '—'}</Fact>
        <Fact term={t('fields.phase')}>{phase ? localized(phase.name) : '—'}</Fact>
        <Fact term={t('item.maxLevel')}>{data.maxLevel}</Fact>
        <Fact term={t('item.repeatable')}>
          {data.repeatable ? t('common.yes') : t('common.no')}
        </Fact>
      </Box>
      {data.labelIds.length > 0 ? (
        <Stack direction="row" spacing={0.5} useFlexGap sx={{ mt: 2, flexWrap: 'wrap' }}>
          {data.labelIds.map((labelId) => {
            const label = labels.find((candidate) => candidate.id === labelId);
            return label ? (
              <LabelChip key={labelId} title={label.title} color={label.color} />
            ) : null;
          })}
        </Stack>
      ) : null}

      <Divider sx={{ my: 2.5 }} />
      <Typography variant="h3" sx={{ fontSize: '1.05rem', mb: 1 }}>
        {t('item.tab.attributes')}
      </Typography>
      <AttributesTable item={data} catalog={catalog} />

      <Divider sx={{ my: 2.5 }} />
      <Typography variant="h3" sx={{ fontSize: '1.05rem', mb: 1 }}>
        {t('item.tab.history')}
      </Typography>
      <EventsList catalog={catalog} itemId={data.id} />
    </Box>
  );
}
