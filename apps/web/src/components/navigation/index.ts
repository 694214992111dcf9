// Public surface of the navigation drawer state.
export { NavigationProvider, useAppNavigation, useShowNavigation } from './navigation-context';
export type { AppNavigation } from './navigation-context';
export { flagsAfterNavigation, type NavigationFlags } from './navigation-state';
