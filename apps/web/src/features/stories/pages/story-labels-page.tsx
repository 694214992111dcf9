// /story-detail/{id}/labels: the story's labels as coloured chips with how many instances carry each (a link to those
// instances); modelers and admins manage them, and deleting an applied label says how many elements carry it.
import { useState } from 'react';
import Link from '@mui/material/Link';
import LabelOutlinedIcon from '@mui/icons-material/LabelOutlined';
import { useQuery } from '@tanstack/react-query';
import { Link as RouterLink } from 'react-router';
import { useTranslation } from 'react-i18next';
import { storyRoleAllows, type Story, type StoryLabel } from '@costory/shared';
import { paths } from '@/lib/routing/paths';
import type { StoryParams } from '@/lib/routing/route-params';
import { LabelChip } from '@/components/label-chip';
import { formatNumber } from '@/lib/format';
import { LabelDialog } from '@/components/label-dialog';
import { StructureTable, type StructureColumn } from '@/components/structure-table';
import { useUiLocale } from '@/hooks/use-catalog-locale';
import { useConfirmedDelete } from '@/hooks/use-confirmed-delete';
import { useQueryErrorToast } from '@/hooks/use-query-error-toast';
import { getStoryLabelsQueryOptions, useStoryLabelMutations } from '../api/labels';
import { StoryFrame } from '../components/story-frame';

type Editing = { label?: StoryLabel } | null;

function Labels({ story }: { story: Story }) {
  const { t } = useTranslation('catalogs');
  const { t: tInstances } = useTranslation('instances');
  const { t: tErrors } = useTranslation('errors');
  const locale = useUiLocale();
  const labels = useQuery(getStoryLabelsQueryOptions(story.id));
  const mutations = useStoryLabelMutations(story.id);
  const [editing, setEditing] = useState<Editing>(null);
  const canManage = storyRoleAllows(story.myRole, 'EDIT_INSTANCES');
  useQueryErrorToast(labels, tErrors('load.labels'));

  const askDelete = useConfirmedDelete<StoryLabel>({
    title: t('labels.deleteTitle'),
    message: (label) =>
      label.usageCount > 0
        ? t('labels.deleteAppliedMessage', { title: label.title, count: label.usageCount })
        : t('labels.deleteMessage', { title: label.title }),
    name: (label) => label.title,
    failed: t('labels.deleteFailed'),
    remove: (label) => mutations.remove.mutateAsync(label.id),
  });

  const columns: StructureColumn<StoryLabel>[] = [
    {
      key: 'label',
      header: t('fields.label'),
      width: '30%',
      render: (label) => <LabelChip title={label.title} color={label.color} />,
    },
    {
      key: 'description',
      header: t('fields.description'),
      cellSx: { color: 'text.secondary' },
      render: (label) => label.description,
    },
    {
      key: 'usage',
      header: tInstances('labelsPage.usage'),
      width: '18%',
      align: 'right',
      render: (label) =>
        label.usageCount > 0 ? (
          <Link
            component={RouterLink}
            to={paths.storyItems(story.id, undefined, [label.id])}
            aria-label={tInstances('labelsPage.showInstances', {
              title: label.title,
              count: label.usageCount,
            })}
          >
            {formatNumber(label.usageCount, locale)}
          </Link>
        ) : (
          formatNumber(0, locale)
        ),
    },
  ];

  return (
    <>
      <StructureTable
        title={tInstances('labelsPage.sectionTitle')}
        intro={tInstances('labelsPage.intro')}
        addLabel={t('labels.add')}
        rows={labels.data}
        isPending={labels.isPending}
        isSuccess={labels.isSuccess}
        columns={columns}
        rowName={(label) => label.title}
        canManage={canManage}
        empty={{
          icon: <LabelOutlinedIcon />,
          title: t('labels.emptyTitle'),
          text: canManage ? tInstances('labelsPage.emptyEditor') : tInstances('labelsPage.empty'),
        }}
        onAdd={() => setEditing({})}
        onEdit={(label) => setEditing({ label })}
        onDelete={askDelete}
      />
      {editing ? (
        <LabelDialog
          label={editing.label}
          save={(body) => {
            const { label } = editing;
            return label
              ? mutations.update.mutateAsync({ id: label.id, body })
              : mutations.create.mutateAsync(body);
          }}
          onClose={() => setEditing(null)}
        />
      ) : null}
    </>
  );
}

export function StoryLabelsPage({ storyId }: StoryParams) {
  const { t } = useTranslation('catalogs');
  return (
    <StoryFrame storyId={storyId} title={t('labels.title')}>
      {(story) => <Labels story={story} />}
    </StoryFrame>
  );
}
