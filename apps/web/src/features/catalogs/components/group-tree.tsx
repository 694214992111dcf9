// The group hierarchy beside the item list: choosing a group opens …/groups/:groupId; admins create, rename, move
// and delete groups from each group's menu.
import { useState } from 'react';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import ChevronRightIcon from '@mui/icons-material/ChevronRight';
import CreateNewFolderOutlinedIcon from '@mui/icons-material/CreateNewFolderOutlined';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import MoreVertIcon from '@mui/icons-material/MoreVert';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link as RouterLink, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { roleAllows, type Catalog, type Group } from '@costory/shared';
import { useConfirm } from '@/components/feedback/confirm-dialog';
import { ContextMenu, useContextMenu } from '@/components/feedback/context-menu';
import { useToast } from '@/components/feedback/toast';
import { formatNumber } from '@/lib/format';
import { getGroupQueryOptions, getGroupsQueryOptions, useDeleteGroup } from '../api/groups';
import { useLocalizedText, useUiLocale } from '@/hooks/use-catalog-locale';
import { useQueryErrorToast } from '@/hooks/use-query-error-toast';
import { catalogPaths } from '../lib/catalog-paths';
import { buildGroupTree, groupWithDescendants, type GroupNode } from '../lib/group-tree';
import { problemText } from '@/lib/problem-text';
import { GroupDialog, GroupMoveDialog } from './group-dialogs';

type GroupAction =
  { kind: 'create'; parentId: number | null } | { kind: 'edit' | 'move'; group: Group } | null;

interface NodeProps {
  node: GroupNode;
  catalog: Catalog;
  selectedGroupId: number | undefined;
  labelIds: readonly number[];
  collapsed: ReadonlySet<number>;
  onToggle: (groupId: number) => void;
  onMenu: (group: Group, element: HTMLElement) => void;
  canManage: boolean;
}

function GroupTreeNode({
  node,
  catalog,
  selectedGroupId,
  labelIds,
  collapsed,
  onToggle,
  onMenu,
  canManage,
}: NodeProps) {
  const { t } = useTranslation('catalogs');
  const locale = useUiLocale();
  const localized = useLocalizedText(catalog);
  const { group, children, depth } = node;
  const name = localized(group.name);
  const open = !collapsed.has(group.id);
  return (
    <>
      <ListItem
        disablePadding
        secondaryAction={
          canManage ? (
            <IconButton
              size="small"
              edge="end"
              aria-label={t('groups.actionsFor', { name })}
              aria-haspopup="menu"
              onClick={(event) => onMenu(group, event.currentTarget)}
            >
              <MoreVertIcon fontSize="small" />
            </IconButton>
          ) : undefined
        }
      >
        <Box sx={{ width: 28, flexShrink: 0, ml: depth * 1.5 }}>
          {children.length > 0 ? (
            <IconButton
              size="small"
              aria-label={open ? t('groups.collapse', { name }) : t('groups.expand', { name })}
              aria-expanded={open}
              onClick={() => onToggle(group.id)}
              sx={{ p: 0.25 }}
            >
              {open ? <ExpandMoreIcon fontSize="small" /> : <ChevronRightIcon fontSize="small" />}
            </IconButton>
          ) : null}
        </Box>
        <ListItemButton
          component={RouterLink}
          to={catalogPaths.items(catalog.id, { groupId: group.id, labelIds })}
          selected={selectedGroupId === group.id}
          aria-current={selectedGroupId === group.id ? 'page' : undefined}
          sx={{ py: 0.5, pl: 0.5, pr: canManage ? 5 : 1 }}
        >
          <ListItemText
            primary={name}
            secondary={formatNumber(group.itemCount, locale)}
            slotProps={{
              primary: { sx: { overflowWrap: 'anywhere' } },
              secondary: { component: 'span', sx: { ml: 1, flexShrink: 0 } },
            }}
            sx={{
              display: 'flex',
              alignItems: 'baseline',
              justifyContent: 'space-between',
              gap: 1,
              m: 0,
            }}
          />
        </ListItemButton>
      </ListItem>
      {open
        ? children.map((child) => (
            <GroupTreeNode
              key={child.group.id}
              node={child}
              catalog={catalog}
              selectedGroupId={selectedGroupId}
              labelIds={labelIds}
              collapsed={collapsed}
              onToggle={onToggle}
              onMenu={onMenu}
              canManage={canManage}
            />
          ))
        : null}
    </>
  );
}

export interface GroupTreeProps {
  catalog: Catalog;
  selectedGroupId: number | undefined;
  labelIds: readonly number[];
}

export function GroupTree({ catalog, selectedGroupId, labelIds }: GroupTreeProps) {
  const { t } = useTranslation('catalogs');
  const { t: tErrors } = useTranslation('errors');
  const confirm = useConfirm();
  const toast = useToast();
  const navigate = useNavigate();
  const localized = useLocalizedText(catalog);
  const groups = useQuery(getGroupsQueryOptions(catalog.id));
  const deleteGroup = useDeleteGroup(catalog.id);
  const menu = useContextMenu();
  const [menuGroup, setMenuGroup] = useState<Group | null>(null);
  const [action, setAction] = useState<GroupAction>(null);
  const [collapsed, setCollapsed] = useState<ReadonlySet<number>>(new Set());
  const canManage = roleAllows(catalog.myRole, 'MANAGE_STRUCTURE');
  useQueryErrorToast(groups, tErrors('load.groups'));
  const queryClient = useQueryClient();
  // Renaming or moving starts from the group as stored now (its latest version), and a sub-group
  // is added only under a parent that still exists; a failed read says which one failed.
  const withFresh = (groupId: number, failure: string, then: (group: Group) => void) =>
    void queryClient.fetchQuery(getGroupQueryOptions(catalog.id, groupId)).then(then, () => {
      toast.error(failure);
    });

  const list = groups.data ?? [];
  const tree = buildGroupTree(list, (group) => localized(group.name));

  const toggle = (groupId: number) =>
    setCollapsed((current) => {
      const next = new Set(current);
      if (!next.delete(groupId)) next.add(groupId);
      return next;
    });

  const askDelete = (group: Group) => {
    const name = localized(group.name);
    confirm({
      title: t('groups.deleteTitle'),
      message: t('groups.deleteMessage', { name }),
      okButtonText: t('actions.delete'),
      onOk: async () => {
        try {
          await deleteGroup.mutateAsync(group.id);
          toast.success(tErrors('success.deleted', { item: name }));
          if (
            selectedGroupId !== undefined &&
            groupWithDescendants(list, group.id).has(selectedGroupId)
          ) {
            await navigate(catalogPaths.items(catalog.id, { labelIds }));
          }
        } catch (error) {
          // The server refuses a group that still has items or sub-groups (409) and says so.
          toast.error(problemText(error, t('groups.deleteFailed')));
        }
      },
    });
  };

  const menuItems = menuGroup
    ? [
        {
          title: t('groups.addSubgroup'),
          action: () =>
            withFresh(menuGroup.id, tErrors('load.parentGroup'), (parent) =>
              setAction({ kind: 'create', parentId: parent.id }),
            ),
        },
        {
          title: t('groups.rename'),
          action: () =>
            withFresh(menuGroup.id, tErrors('load.group'), (group) =>
              setAction({ kind: 'edit', group }),
            ),
        },
        {
          title: t('groups.moveAction'),
          action: () =>
            withFresh(menuGroup.id, tErrors('load.group'), (group) =>
              setAction({ kind: 'move', group }),
            ),
        },
        { title: t('actions.delete'), action: () => askDelete(menuGroup) },
      ]
    : [];

  return (
    <Paper variant="outlined" component="nav" aria-label={t('groups.title')} sx={{ py: 1 }}>
      <Box sx={{ display: 'flex', alignItems: 'center', px: 2, pb: 0.5 }}>
        <Typography variant="h2" sx={{ fontSize: '1rem', flexGrow: 1 }}>
          {t('groups.title')}
        </Typography>
        {canManage ? (
          <Tooltip title={t('groups.add')}>
            <IconButton
              size="small"
              aria-label={t('groups.add')}
              onClick={() => setAction({ kind: 'create', parentId: selectedGroupId ?? null })}
            >
              <CreateNewFolderOutlinedIcon fontSize="small" />
            </IconButton>
          </Tooltip>
        ) : null}
      </Box>
      <List dense disablePadding sx={{ px: 1 }}>
        <ListItem disablePadding>
          <ListItemButton
            component={RouterLink}
            to={catalogPaths.items(catalog.id, { labelIds })}
            selected={selectedGroupId === undefined}
            aria-current={selectedGroupId === undefined ? 'page' : undefined}
            sx={{ py: 0.5 }}
          >
            <ListItemText
              primary={t('groups.all')}
              slotProps={{ primary: { sx: { fontWeight: 600 } } }}
            />
          </ListItemButton>
        </ListItem>
        {groups.isPending
          ? [0, 1, 2].map((index) => (
              <ListItem key={index} aria-hidden sx={{ py: 0.75 }}>
                <Skeleton width="80%" />
              </ListItem>
            ))
          : tree.map((node) => (
              <GroupTreeNode
                key={node.group.id}
                node={node}
                catalog={catalog}
                selectedGroupId={selectedGroupId}
                labelIds={labelIds}
                collapsed={collapsed}
                onToggle={toggle}
                onMenu={(group, element) => {
                  setMenuGroup(group);
                  menu.openAt(element);
                }}
                canManage={canManage}
              />
            ))}
      </List>
      {groups.isSuccess && list.length === 0 ? (
        <Typography variant="body2" sx={{ color: 'text.secondary', px: 2, py: 1 }}>
          {canManage ? t('groups.emptyAdmin') : t('groups.empty')}
        </Typography>
      ) : null}
      <ContextMenu
        items={menuItems}
        anchor={menu.anchor}
        onClose={menu.close}
        label={menuGroup ? t('groups.actionsFor', { name: localized(menuGroup.name) }) : undefined}
      />
      {action?.kind === 'create' ? (
        <GroupDialog
          catalog={catalog}
          groups={list}
          parentId={action.parentId}
          onClose={() => setAction(null)}
        />
      ) : null}
      {action?.kind === 'edit' ? (
        <GroupDialog
          catalog={catalog}
          groups={list}
          group={action.group}
          onClose={() => setAction(null)}
        />
      ) : null}
      {action?.kind === 'move' ? (
        <GroupMoveDialog
          catalog={catalog}
          groups={list}
          group={action.group}
          onClose={() => setAction(null)}
        />
      ) : null}
    </Paper>
  );
}
