// The header's account button: the signed-in username and a menu with Profile, Companies (suppliers and subscribers), API tokens and Logout (one click: signing in again is the undo).
import { useId, useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Tooltip from '@mui/material/Tooltip';
import AccountCircleOutlinedIcon from '@mui/icons-material/AccountCircleOutlined';
import BusinessOutlinedIcon from '@mui/icons-material/BusinessOutlined';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import HandshakeOutlinedIcon from '@mui/icons-material/HandshakeOutlined';
import KeyOutlinedIcon from '@mui/icons-material/KeyOutlined';
import LogoutIcon from '@mui/icons-material/Logout';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { paths } from '@/lib/routing/paths';
import { logout, useSession } from '@/lib/session';

export function AccountMenu() {
  const { t } = useTranslation('shell');
  const navigate = useNavigate();
  const { username, userId } = useSession();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const menuId = useId();
  const name = username ?? t('account.fallbackName');
  const label = t('account.button', { name });

  const openProfile = () => {
    setAnchor(null);
    if (userId !== null) void navigate(paths.companyProfile(userId));
  };

  const openCompanies = () => {
    setAnchor(null);
    void navigate(paths.companies());
  };

  const openApiTokens = () => {
    setAnchor(null);
    void navigate(paths.apiTokens());
  };

  const signOut = () => {
    setAnchor(null);
    void logout();
  };

  return (
    <>
      <Tooltip title={label}>
        <Button
          color="inherit"
          aria-label={label}
          aria-haspopup="menu"
          aria-controls={anchor ? menuId : undefined}
          aria-expanded={anchor ? 'true' : undefined}
          onClick={(event) => setAnchor(event.currentTarget)}
          startIcon={<AccountCircleOutlinedIcon />}
          endIcon={<ExpandMoreIcon />}
          sx={{
            minWidth: 0,
            px: { xs: 1, sm: 1.5 },
            fontWeight: 500,
            '& .MuiButton-startIcon': { mr: { xs: 0, md: 1 } },
            '& .MuiButton-endIcon': { display: { xs: 'none', md: 'inherit' } },
          }}
        >
          <Box
            component="span"
            sx={{
              display: { xs: 'none', md: 'inline' },
              maxWidth: 180,
              overflow: 'hidden',
              textOverflow: 'ellipsis',
              whiteSpace: 'nowrap',
            }}
          >
            {name}
          </Box>
        </Button>
      </Tooltip>
      <Menu
        id={menuId}
        anchorEl={anchor}
        open={anchor !== null}
        onClose={() => setAnchor(null)}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
        transformOrigin={{ vertical: 'top', horizontal: 'right' }}
        // Header menus open where toasts stack; they must stay above them to be usable.
        sx={{ zIndex: (theme) => theme.zIndex.snackbar + 1 }}
        slotProps={{ list: { 'aria-label': label } }}
      >
        <Box sx={{ px: 2, py: 1, minWidth: 220 }}>
          <Box sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>{name}</Box>
        </Box>
        <Divider />
        <MenuItem onClick={openProfile} disabled={userId === null}>
          <ListItemIcon>
            <BusinessOutlinedIcon fontSize="small" />
          </ListItemIcon>
          <ListItemText>{t('account.profile')}</ListItemText>
        </MenuItem>
        <MenuItem onClick={openCompanies}>
          <ListItemIcon>
            <HandshakeOutlinedIcon fontSize="small" />
          </ListItemIcon>
          <ListItemText>{t('account.companies')}</ListItemText>
        </MenuItem>
        <MenuItem onClick={openApiTokens}>
          <ListItemIcon>
            <KeyOutlinedIcon fontSize="small" />
          </ListItemIcon>
          <ListItemText>{t('account.apiTokens')}</ListItemText>
        </MenuItem>
        <MenuItem onClick={signOut}>
          <ListItemIcon>
            <LogoutIcon fontSize="small" />
          </ListItemIcon>
          <ListItemText>{t('account.logout')}</ListItemText>
        </MenuItem>
      </Menu>
    </>
  );
}
