// A reusable context menu (spec section 2): items with a title and an action, opened at an element or the pointer.
import { useCallback, useMemo, useState, type MouseEvent, type ReactNode } from 'react';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import { useTranslation } from 'react-i18next';

export interface ContextMenuItem {
  title: string;
  action: () => void;
  icon?: ReactNode;
  disabled?: boolean;
}

export type ContextMenuAnchor = { element: HTMLElement } | { x: number; y: number };

export interface ContextMenuProps {
  items: readonly ContextMenuItem[];
  anchor: ContextMenuAnchor | null;
  onClose: () => void;
  /** Names the menu for assistive technology; defaults to "Actions". */
  label?: string;
}

export function ContextMenu({ items, anchor, onClose, label }: ContextMenuProps) {
  const { t } = useTranslation('shell');
  const atPointer = anchor !== null && 'x' in anchor;
  return (
    <Menu
      open={anchor !== null}
      onClose={onClose}
      anchorReference={atPointer ? 'anchorPosition' : 'anchorEl'}
      anchorEl={anchor !== null && 'element' in anchor ? anchor.element : null}
      anchorPosition={atPointer ? { top: anchor.y, left: anchor.x } : undefined}
      slotProps={{ list: { 'aria-label': label ?? t('contextMenu'), dense: true } }}
    >
      {items.map((item) => (
        <MenuItem
          key={item.title}
          disabled={item.disabled}
          onClick={() => {
            onClose();
            item.action();
          }}
        >
          {item.icon ? <ListItemIcon>{item.icon}</ListItemIcon> : null}
          <ListItemText>{item.title}</ListItemText>
        </MenuItem>
      ))}
    </Menu>
  );
}

export interface ContextMenuControl {
  anchor: ContextMenuAnchor | null;
  /** Opens the menu below an element, e.g. a "more actions" button. */
  openAt: (element: HTMLElement) => void;
  /** Handler for `onContextMenu`: opens at the pointer, or at the element for the keyboard's menu key. */
  onContextMenu: (event: MouseEvent<HTMLElement>) => void;
  close: () => void;
}

export function useContextMenu(): ContextMenuControl {
  const [anchor, setAnchor] = useState<ContextMenuAnchor | null>(null);
  const openAt = useCallback((element: HTMLElement) => setAnchor({ element }), []);
  const onContextMenu = useCallback((event: MouseEvent<HTMLElement>) => {
    event.preventDefault();
    // The menu key and Shift+F10 fire contextmenu without pointer coordinates.
    const fromKeyboard = event.clientX === 0 && event.clientY === 0;
    setAnchor(
      fromKeyboard ? { element: event.currentTarget } : { x: event.clientX, y: event.clientY },
    );
  }, []);
  const close = useCallback(() => setAnchor(null), []);
  return useMemo(
    () => ({ anchor, openAt, onContextMenu, close }),
    [anchor, openAt, onContextMenu, close],
  );
}
