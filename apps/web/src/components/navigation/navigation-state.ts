// The navigation drawer's two flags (spec section 4) and how a navigation resets them.

export interface NavigationFlags {
  /** The header shows the menu icon that toggles the drawer. */
  appBarIconShown: boolean;
  /** The drawer is expanded; otherwise it is a narrow rail. */
  drawerOpen: boolean;
}

export const HIDDEN_NAVIGATION: NavigationFlags = { appBarIconShown: false, drawerOpen: false };
export const SHOWN_NAVIGATION: NavigationFlags = { appBarIconShown: true, drawerOpen: true };

/** Both flags reset on each navigation unless the new route uses the app navigation and both are on. */
export function flagsAfterNavigation(
  flags: NavigationFlags,
  routeUsesAppNavigation: boolean,
): NavigationFlags {
  const keep = routeUsesAppNavigation && flags.appBarIconShown && flags.drawerOpen;
  return keep ? flags : HIDDEN_NAVIGATION;
}
