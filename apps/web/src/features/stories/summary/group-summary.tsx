// The summary by catalog groups: the group tree with subtotals, expandable level by level, and charts of the top groups.
import { useMemo, useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import ChevronRightIcon from '@mui/icons-material/ChevronRight';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import { useTranslation } from 'react-i18next';
import type { Story, StoryCalculationDto, StoryCatalog } from '@costory/shared';
import { useLocalizedText } from '@/hooks/use-catalog-locale';
import { ChartGrid } from './chart-card';
import { FigureCells, SummaryTable, TotalRow } from './summary-table';
import { branchKeys, groupTree, visibleNodes, type GroupNode } from './summary-rows';
import { useFigureCharts } from './use-figure-charts';
import type { SummaryFormat } from './use-summary-format';

interface GroupRowProps {
  node: GroupNode;
  open: boolean;
  onToggle: (key: string) => void;
  format: SummaryFormat;
}

function GroupRow({ node, open, onToggle, format }: GroupRowProps) {
  const { t } = useTranslation('summaries');
  const branch = node.children.length > 0;
  return (
    <TableRow hover>
      <TableCell>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 0.5, pl: node.depth * 3 }}>
          {branch ? (
            <IconButton
              size="small"
              aria-expanded={open}
              aria-label={t(open ? 'tree.collapse' : 'tree.expand', { name: node.name })}
              onClick={() => onToggle(node.key)}
            >
              {open ? <ExpandMoreIcon fontSize="small" /> : <ChevronRightIcon fontSize="small" />}
            </IconButton>
          ) : (
            // Keeps leaf names in line with their siblings' names.
            <Box sx={{ width: 34, flexShrink: 0 }} />
          )}
          <Box sx={{ minWidth: 0 }}>
            <Typography variant="body2" sx={{ fontWeight: node.depth === 0 ? 700 : 600 }}>
              {node.name}
            </Typography>
            {node.code ? (
              <Typography variant="caption" sx={{ color: 'text.secondary' }}>
                {node.code}
              </Typography>
            ) : null}
          </Box>
        </Box>
      </TableCell>
      <FigureCells price={node.price} mandays={node.mandays} share={node.share} format={format} />
    </TableRow>
  );
}

export interface GroupSummaryProps {
  story: Story;
  catalog: StoryCatalog;
  calculation: StoryCalculationDto;
  format: SummaryFormat;
}

export function GroupSummary({ story, catalog, calculation, format }: GroupSummaryProps) {
  const { t } = useTranslation('summaries');
  const localized = useLocalizedText(story.catalog);
  const withoutGroup = t('withoutGroup');
  const roots = useMemo(
    () => groupTree(calculation, catalog, localized, withoutGroup),
    [calculation, catalog, localized, withoutGroup],
  );
  // The top groups open at first: their sub-groups show where the money goes without a click.
  const [expanded, setExpanded] = useState<ReadonlySet<string>>(
    () => new Set(roots.map((node) => node.key)),
  );
  const toggle = (key: string) =>
    setExpanded((current) => {
      const next = new Set(current);
      if (!next.delete(key)) next.add(key);
      return next;
    });
  const rows = visibleNodes(roots, expanded);
  // Sub-groups are inside their parents' subtotals, so only the top level adds up to the total.
  const charts = useFigureCharts(roots, 'ctl', format, t('chart.topGroups'));
  const branches = branchKeys(roots);

  return (
    <>
      {branches.length > 0 ? (
        <Box sx={{ display: 'flex', gap: 1, justifyContent: 'flex-end', mb: 1 }}>
          <Button size="small" onClick={() => setExpanded(new Set(branches))}>
            {t('tree.expandAll')}
          </Button>
          <Button size="small" onClick={() => setExpanded(new Set())}>
            {t('tree.collapseAll')}
          </Button>
        </Box>
      ) : null}
      <SummaryTable
        label={t('tabs.ctl')}
        leading={[{ label: t('column.group') }]}
        format={format}
        footer={
          <TotalRow
            label={t('total')}
            span={1}
            price={calculation.total.price}
            mandays={calculation.total.mandays}
            format={format}
          />
        }
      >
        {rows.map((node) => (
          <GroupRow
            key={node.key}
            node={node}
            open={expanded.has(node.key)}
            onToggle={toggle}
            format={format}
          />
        ))}
      </SummaryTable>
      <ChartGrid charts={charts} />
    </>
  );
}
