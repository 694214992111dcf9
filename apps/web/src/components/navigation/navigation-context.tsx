// Holds the drawer flags for the shell and gives pages `showNavigation()`; resets them on navigation.
import {
  createContext,
  useCallback,
  useContext,
  useLayoutEffect,
  useMemo,
  useReducer,
  type ReactNode,
} from 'react';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import { useLocation, useMatches } from 'react-router';
import { someMatchHas } from '@/lib/routing/route-handle';
import {
  HIDDEN_NAVIGATION,
  SHOWN_NAVIGATION,
  flagsAfterNavigation,
  type NavigationFlags,
} from './navigation-state';

export interface AppNavigation extends NavigationFlags {
  /** Small screens keep the rail and open the full drawer as an overlay instead. */
  compact: boolean;
  /** The overlay drawer of small screens is open. */
  overlayOpen: boolean;
  showNavigation: () => void;
  toggleDrawer: () => void;
  closeOverlay: () => void;
}

const NavigationContext = createContext<AppNavigation | null>(null);

interface State extends NavigationFlags {
  locationKey: string;
  overlayOpen: boolean;
}

type Action =
  | { type: 'navigated'; locationKey: string; usesAppNavigation: boolean }
  | { type: 'show' }
  | { type: 'toggle'; compact: boolean }
  | { type: 'closeOverlay' };

function reducer(state: State, action: Action): State {
  switch (action.type) {
    case 'navigated':
      return {
        ...flagsAfterNavigation(state, action.usesAppNavigation),
        locationKey: action.locationKey,
        overlayOpen: false,
      };
    case 'show':
      return state.appBarIconShown && state.drawerOpen ? state : { ...state, ...SHOWN_NAVIGATION };
    case 'toggle':
      return action.compact
        ? { ...state, overlayOpen: !state.overlayOpen }
        : { ...state, drawerOpen: !state.drawerOpen };
    case 'closeOverlay':
      return state.overlayOpen ? { ...state, overlayOpen: false } : state;
  }
}

export function NavigationProvider({ children }: { children: ReactNode }) {
  const location = useLocation();
  const usesAppNavigation = someMatchHas(useMatches(), 'appNavigation');
  const compact = useMediaQuery(useTheme().breakpoints.down('md'));
  // A first visit to a story page starts with the drawer its page will show: while the page's
  // code loads, the progress bar already sits beside it, and nothing moves when the page comes.
  const [state, dispatch] = useReducer(reducer, {
    ...(usesAppNavigation ? SHOWN_NAVIGATION : HIDDEN_NAVIGATION),
    locationKey: location.key,
    overlayOpen: false,
  });

  // Reset while rendering the new location, so the new page never paints with stale flags
  // and its own showNavigation() (a layout effect) comes after the reset.
  if (state.locationKey !== location.key) {
    dispatch({ type: 'navigated', locationKey: location.key, usesAppNavigation });
  }

  // Stable identities: pages call showNavigation from an effect that must not re-run on toggles.
  const showNavigation = useCallback(() => dispatch({ type: 'show' }), [dispatch]);
  const toggleDrawer = useCallback(
    () => dispatch({ type: 'toggle', compact }),
    [dispatch, compact],
  );
  const closeOverlay = useCallback(() => dispatch({ type: 'closeOverlay' }), [dispatch]);

  const value = useMemo<AppNavigation>(
    () => ({
      appBarIconShown: state.appBarIconShown,
      drawerOpen: state.drawerOpen,
      overlayOpen: state.overlayOpen,
      compact,
      showNavigation,
      toggleDrawer,
      closeOverlay,
    }),
    [
      state.appBarIconShown,
      state.drawerOpen,
      state.overlayOpen,
      compact,
      showNavigation,
      toggleDrawer,
      closeOverlay,
    ],
  );
  return <NavigationContext value={value}>{children}</NavigationContext>;
}

export function useAppNavigation(): AppNavigation {
  const context = useContext(NavigationContext);
  if (!context) throw new Error('useAppNavigation needs a NavigationProvider');
  return context;
}

/** For pages that use the app navigation: shows the drawer and its menu icon on every visit. */
export function useShowNavigation(): void {
  const { showNavigation } = useAppNavigation();
  const { key } = useLocation();
  useLayoutEffect(() => {
    showNavigation();
  }, [showNavigation, key]);
}
