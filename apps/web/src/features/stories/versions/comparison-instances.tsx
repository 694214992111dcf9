// The version comparison's instances: those added, removed and changed — what changed before → after, the difference and why.
import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type {
  ChangedInstance,
  ComparedInstance,
  Locale,
  Story,
  StoryCatalogAttribute,
  StoryVersionComparison,
} from '@costory/shared';
import { pinnedCell, usePhoneLayout } from '@/components/phone-table';
import { useLocalizedText } from '@/hooks/use-catalog-locale';
import { formatEventValue, humanizeCode } from '@/lib/event-text';
import { formatNumber } from '@/lib/format';
import { getStoryLabelsQueryOptions } from '../api/labels';
import { getStoryCatalogQueryOptions } from '../api/story';
import { Difference } from './comparison-difference';
import {
  ComparisonSection,
  ComparisonTable,
  numeric,
  PhoneLines,
  ReasonChips,
  type ComparisonFigures,
} from './comparison-figures';

type Value = ChangedInstance['values'][number]['from'];

const NONE = '—';
const EMPTY_ATTRIBUTES: readonly StoryCatalogAttribute[] = [];

/**
 * Names of attributes, their choices and labels as a person reads them. The names come from the
 * story's catalog and labels as they are now; an attribute or label gone since reads by its code.
 */
function useInstanceWords(story: Story) {
  const { t } = useTranslation('stories');
  const { t: tDomain } = useTranslation('domain');
  const localized = useLocalizedText(story.catalog);
  const { defaultLanguage } = story.catalog;
  // Names are a nicety here: a failed read leaves the codes, without a toast of its own.
  const catalog = useQuery({
    ...getStoryCatalogQueryOptions(story.id),
    meta: { globalLoading: false },
  });
  const labels = useQuery({
    ...getStoryLabelsQueryOptions(story.id),
    meta: { globalLoading: false },
  });
  const attributesOf = (itemId: number) =>
    catalog.data?.items.find((item) => item.id === itemId)?.attributes ?? EMPTY_ATTRIBUTES;
  return {
    attributeName: (itemId: number, code: string) => {
      const attribute = attributesOf(itemId).find((candidate) => candidate.code === code);
      return (attribute ? localized(attribute.name) : '') || humanizeCode(code);
    },
    value: (itemId: number, code: string, value: Value, locale: Locale) => {
      const attribute = attributesOf(itemId).find((candidate) => candidate.code === code);
      const option =
        typeof value === 'string'
          ? attribute?.enumValues.find((candidate) => candidate.code === value)
          : undefined;
      if (option) return localized(option.label) || value;
      return formatEventValue(value, locale, defaultLanguage, tDomain);
    },
    labels: (ids: readonly number[]) =>
      ids.length === 0
        ? t('versions.compare.noLabels')
        : ids
            .map((id) => labels.data?.find((label) => label.id === id)?.title ?? `#${id}`)
            .join(', '),
    yesNo: (value: boolean) => tDomain(`boolean.${value}`),
  };
}

function ItemCell({
  instance,
  story,
}: {
  instance: ComparedInstance | ChangedInstance;
  story: Story;
}) {
  const localized = useLocalizedText(story.catalog);
  return (
    <TableCell sx={{ minWidth: 120 }}>
      <Typography variant="body2">{localized(instance.itemName) || instance.itemCode}</Typography>
      <Typography variant="caption" sx={{ color: 'text.secondary', whiteSpace: 'nowrap' }}>
        {instance.itemCode}
      </Typography>
    </TableCell>
  );
}

/** An instance by its name, or its item's where it has none (as the summaries name it). */
function NameCell({
  instance,
  story,
}: {
  instance: ComparedInstance | ChangedInstance;
  story: Story;
}) {
  const localized = useLocalizedText(story.catalog);
  return (
    <TableCell component="th" scope="row" sx={{ fontWeight: 600, minWidth: 120 }}>
      {instance.name || localized(instance.itemName) || instance.itemCode}
    </TableCell>
  );
}

/** Instances only one side has: where they stood and what they weighed there. */
function OneSideInstances({
  story,
  instances,
  figures,
  label,
  side,
}: {
  story: Story;
  instances: readonly ComparedInstance[];
  figures: ComparisonFigures;
  label: string;
  side: 'from' | 'to';
}) {
  const { t } = useTranslation('stories');
  const phone = usePhoneLayout();
  const localized = useLocalizedText(story.catalog);
  const format = figures[side];
  const number = (value: number) => formatNumber(value, format.locale);
  const time = (instance: ComparedInstance) =>
    t('figures.mandays', { value: format.mandays(instance.state.mandays) });
  const price = (instance: ComparedInstance) =>
    instance.state.price === null ? NONE : format.price(instance.state.price);
  const priceHead = figures.scored
    ? t('versions.compare.column.score')
    : t('versions.compare.column.price');
  if (phone) {
    // The item, level and time give way to lines under the name; the price (or time) stays.
    return (
      <ComparisonTable label={label} minWidth={0}>
        <TableHead>
          <TableRow>
            <TableCell>{t('versions.compare.column.instance')}</TableCell>
            <TableCell align="right" sx={pinnedCell}>
              {figures.withPrices ? priceHead : t('versions.compare.column.time')}
            </TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {instances.map((instance) => (
            <TableRow key={instance.instanceId} hover>
              <TableCell component="th" scope="row" sx={{ fontWeight: 600 }}>
                {instance.name || localized(instance.itemName) || instance.itemCode}
                <PhoneLines
                  lines={[
                    `${localized(instance.itemName) || instance.itemCode} (${instance.itemCode})`,
                    t('versions.compare.sideLine', {
                      side: t('versions.compare.levelName'),
                      figures: number(instance.state.level),
                    }),
                    ...(figures.withPrices ? [time(instance)] : []),
                  ]}
                />
              </TableCell>
              <TableCell align="right" sx={[numeric, pinnedCell]}>
                {figures.withPrices ? price(instance) : time(instance)}
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </ComparisonTable>
    );
  }
  return (
    <ComparisonTable label={label} minWidth={figures.withPrices ? 720 : 600}>
      <TableHead>
        <TableRow>
          <TableCell>{t('versions.compare.column.instance')}</TableCell>
          <TableCell>{t('versions.compare.column.item')}</TableCell>
          <TableCell align="right">{t('versions.compare.column.level')}</TableCell>
          <TableCell align="right">{t('versions.compare.column.itemVersion')}</TableCell>
          <TableCell align="right">{t('versions.compare.column.time')}</TableCell>
          {figures.withPrices ? (
            <TableCell align="right" sx={pinnedCell}>
              {priceHead}
            </TableCell>
          ) : null}
        </TableRow>
      </TableHead>
      <TableBody>
        {instances.map((instance) => (
          <TableRow key={instance.instanceId} hover>
            <NameCell instance={instance} story={story} />
            <ItemCell instance={instance} story={story} />
            <TableCell align="right" sx={numeric}>
              {number(instance.state.level)}
            </TableCell>
            <TableCell align="right" sx={numeric}>
              {instance.state.itemVersion === null ? NONE : number(instance.state.itemVersion)}
            </TableCell>
            <TableCell align="right" sx={numeric}>
              {time(instance)}
            </TableCell>
            {figures.withPrices ? (
              <TableCell align="right" sx={[numeric, pinnedCell]}>
                {price(instance)}
              </TableCell>
            ) : null}
          </TableRow>
        ))}
      </TableBody>
    </ComparisonTable>
  );
}

function ChangedInstances({
  story,
  instances,
  figures,
  label,
}: {
  story: Story;
  instances: readonly ChangedInstance[];
  figures: ComparisonFigures;
  label: string;
}) {
  const { t } = useTranslation('stories');
  const phone = usePhoneLayout();
  const localized = useLocalizedText(story.catalog);
  const words = useInstanceWords(story);
  const { locale } = figures.to;
  const number = (value: number) => formatNumber(value, locale);
  const change = (from: string, to: string) =>
    from === to ? from : t('versions.compare.change', { from, to });
  const changes = (instance: ChangedInstance): string[] => {
    const { from, to } = instance;
    const lines = instance.values.map((value) =>
      t('versions.compare.changeLine', {
        name: words.attributeName(instance.itemId, value.attribute),
        from: words.value(instance.itemId, value.attribute, value.from, locale),
        to: words.value(instance.itemId, value.attribute, value.to, locale),
      }),
    );
    if (from.optional !== to.optional) {
      lines.push(
        t('versions.compare.changeLine', {
          name: t('versions.compare.optionalName'),
          from: words.yesNo(from.optional),
          to: words.yesNo(to.optional),
        }),
      );
    }
    const sameLabels =
      from.labelIds.length === to.labelIds.length &&
      from.labelIds.every((id) => to.labelIds.includes(id));
    if (!sameLabels) {
      lines.push(
        t('versions.compare.changeLine', {
          name: t('versions.compare.labelsName'),
          from: words.labels(from.labelIds),
          to: words.labels(to.labelIds),
        }),
      );
    }
    return lines;
  };
  const version = (value: number | null) => (value === null ? NONE : number(value));
  const differenceCell = (instance: ChangedInstance) => (
    <TableCell align="right" sx={[numeric, pinnedCell]}>
      {figures.withPrices && instance.difference.price !== null ? (
        <>
          <Difference value={instance.difference.price} kind="price" figures={figures.to} strong />
          <br />
        </>
      ) : null}
      <Difference value={instance.difference.mandays} kind="mandays" figures={figures.to} />
    </TableCell>
  );
  if (phone) {
    // Item, level, values and item version give way to lines under the name; the difference stays.
    const phoneLines = (instance: ChangedInstance) => {
      const level = [number(instance.from.level), number(instance.to.level)] as const;
      const itemVersion = [version(instance.from.itemVersion), version(instance.to.itemVersion)];
      return [
        `${localized(instance.itemName) || instance.itemCode} (${instance.itemCode})`,
        ...(level[0] === level[1]
          ? []
          : [
              t('versions.compare.changeLine', {
                name: t('versions.compare.levelName'),
                from: level[0],
                to: level[1],
              }),
            ]),
        ...changes(instance),
        ...(itemVersion[0] === itemVersion[1]
          ? []
          : [
              t('versions.compare.changeLine', {
                name: t('versions.compare.column.itemVersion'),
                from: itemVersion[0],
                to: itemVersion[1],
              }),
            ]),
      ];
    };
    return (
      <ComparisonTable label={label} minWidth={0}>
        <TableHead>
          <TableRow>
            <TableCell>{t('versions.compare.column.instance')}</TableCell>
            <TableCell align="right" sx={pinnedCell}>
              {t('versions.compare.column.difference')}
            </TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {instances.map((instance) => (
            <TableRow key={instance.instanceId} hover>
              <TableCell component="th" scope="row" sx={{ fontWeight: 600 }}>
                {instance.name || localized(instance.itemName) || instance.itemCode}
                <PhoneLines lines={phoneLines(instance)} />
                <Box sx={{ mt: 0.5 }}>
                  <ReasonChips reasons={instance.reasons} />
                </Box>
              </TableCell>
              {differenceCell(instance)}
            </TableRow>
          ))}
        </TableBody>
      </ComparisonTable>
    );
  }
  return (
    <ComparisonTable label={label} minWidth={1040}>
      <TableHead>
        <TableRow>
          <TableCell>{t('versions.compare.column.instance')}</TableCell>
          <TableCell>{t('versions.compare.column.item')}</TableCell>
          <TableCell align="right">{t('versions.compare.column.level')}</TableCell>
          <TableCell>{t('versions.compare.column.changes')}</TableCell>
          <TableCell align="right">{t('versions.compare.column.itemVersion')}</TableCell>
          <TableCell>{t('versions.compare.column.reasons')}</TableCell>
          <TableCell align="right" sx={pinnedCell}>
            {t('versions.compare.column.difference')}
          </TableCell>
        </TableRow>
      </TableHead>
      <TableBody>
        {instances.map((instance) => {
          const lines = changes(instance);
          return (
            <TableRow key={instance.instanceId} hover>
              <NameCell instance={instance} story={story} />
              <ItemCell instance={instance} story={story} />
              <TableCell align="right" sx={numeric}>
                {change(number(instance.from.level), number(instance.to.level))}
              </TableCell>
              <TableCell sx={{ minWidth: 220 }}>
                {lines.length === 0 ? (
                  NONE
                ) : (
                  <Box component="ul" sx={{ m: 0, pl: 2 }}>
                    {lines.map((line) => (
                      <Typography component="li" variant="body2" key={line}>
                        {line}
                      </Typography>
                    ))}
                  </Box>
                )}
              </TableCell>
              <TableCell align="right" sx={numeric}>
                {change(version(instance.from.itemVersion), version(instance.to.itemVersion))}
              </TableCell>
              <TableCell>
                <ReasonChips reasons={instance.reasons} />
              </TableCell>
              {differenceCell(instance)}
            </TableRow>
          );
        })}
      </TableBody>
    </ComparisonTable>
  );
}

function Part({
  id,
  title,
  empty,
  children,
}: {
  id: string;
  title: string;
  empty: string | null;
  children: ReactNode;
}) {
  return (
    <Box component="section" aria-labelledby={id} sx={{ mb: 2.5 }}>
      <Typography variant="h3" id={id} sx={{ fontSize: '1.05rem', fontWeight: 600, mb: 1 }}>
        {title}
      </Typography>
      {empty === null ? (
        children
      ) : (
        <Typography variant="body2" sx={{ color: 'text.secondary' }}>
          {empty}
        </Typography>
      )}
    </Box>
  );
}

export function ComparisonInstances({
  story,
  comparison,
  figures,
}: {
  story: Story;
  comparison: StoryVersionComparison;
  figures: ComparisonFigures;
}) {
  const { t } = useTranslation('stories');
  const { added, removed, changed } = comparison.instances;
  const count = (value: number) => formatNumber(value, figures.to.locale);
  const title = {
    changed: t('versions.compare.changed', { number: count(changed.length) }),
    added: t('versions.compare.added', { number: count(added.length) }),
    removed: t('versions.compare.removed', { number: count(removed.length) }),
  };
  return (
    <ComparisonSection id="comparison-instances" title={t('versions.compare.instancesTitle')}>
      <Part
        id="comparison-changed"
        title={title.changed}
        empty={changed.length === 0 ? t('versions.compare.noneChanged') : null}
      >
        <ChangedInstances
          story={story}
          instances={changed}
          figures={figures}
          label={title.changed}
        />
      </Part>
      <Part
        id="comparison-added"
        title={title.added}
        empty={added.length === 0 ? t('versions.compare.noneAdded') : null}
      >
        <OneSideInstances
          story={story}
          instances={added}
          figures={figures}
          label={title.added}
          side="to"
        />
      </Part>
      <Part
        id="comparison-removed"
        title={title.removed}
        empty={removed.length === 0 ? t('versions.compare.noneRemoved') : null}
      >
        <OneSideInstances
          story={story}
          instances={removed}
          figures={figures}
          label={title.removed}
          side="from"
        />
      </Part>
    </ComparisonSection>
  );
}
