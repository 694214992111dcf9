// The small set of icons an item may show, stored by their MUI name: the catalog's item pages pick and show them, a story's upgrades show them.
import type { SvgIconProps } from '@mui/material/SvgIcon';
import BuildOutlinedIcon from '@mui/icons-material/BuildOutlined';
import CloudOutlinedIcon from '@mui/icons-material/CloudOutlined';
import CodeIcon from '@mui/icons-material/Code';
import ComputerOutlinedIcon from '@mui/icons-material/ComputerOutlined';
import ConstructionOutlinedIcon from '@mui/icons-material/ConstructionOutlined';
import DescriptionOutlinedIcon from '@mui/icons-material/DescriptionOutlined';
import EngineeringOutlinedIcon from '@mui/icons-material/EngineeringOutlined';
import Inventory2OutlinedIcon from '@mui/icons-material/Inventory2Outlined';
import LanOutlinedIcon from '@mui/icons-material/LanOutlined';
import LocalShippingOutlinedIcon from '@mui/icons-material/LocalShippingOutlined';
import SchoolOutlinedIcon from '@mui/icons-material/SchoolOutlined';
import SecurityOutlinedIcon from '@mui/icons-material/SecurityOutlined';
import StorageOutlinedIcon from '@mui/icons-material/StorageOutlined';
import SupportAgentOutlinedIcon from '@mui/icons-material/SupportAgentOutlined';
import type { ComponentType } from 'react';

export const ITEM_ICONS = {
  Inventory2: Inventory2OutlinedIcon,
  Build: BuildOutlinedIcon,
  Construction: ConstructionOutlinedIcon,
  Engineering: EngineeringOutlinedIcon,
  Computer: ComputerOutlinedIcon,
  Storage: StorageOutlinedIcon,
  Cloud: CloudOutlinedIcon,
  Code: CodeIcon,
  Lan: LanOutlinedIcon,
  Security: SecurityOutlinedIcon,
  Description: DescriptionOutlinedIcon,
  SupportAgent: SupportAgentOutlinedIcon,
  School: SchoolOutlinedIcon,
  LocalShipping: LocalShippingOutlinedIcon,
} as const satisfies Record<string, ComponentType<SvgIconProps>>;

export type ItemIconName = keyof typeof ITEM_ICONS;
export const ITEM_ICON_NAMES = Object.keys(ITEM_ICONS) as ItemIconName[];

export function isItemIconName(name: string): name is ItemIconName {
  return Object.hasOwn(ITEM_ICONS, name);
}

/** The item's icon; an unknown or empty name shows the generic item icon. */
export function ItemIcon({ name, ...props }: { name: string } & SvgIconProps) {
  const Icon = isItemIconName(name) ? ITEM_ICONS[name] : Inventory2OutlinedIcon;
  return <Icon {...props} />;
}
