// What a route tells the shell about itself through its `handle`.
import type { UIMatch } from 'react-router';

export interface RouteHandle {
  /** The route shows the story navigation drawer (spec: "uses the app navigation drawer"). */
  appNavigation?: boolean;
  /** The header hides its ICT and catalogue buttons (registration and e-mail confirmation). */
  hideContextButtons?: boolean;
}

function handleOf(match: UIMatch): RouteHandle {
  const handle = match.handle;
  return typeof handle === 'object' && handle !== null ? handle : {};
}

export function someMatchHas(matches: readonly UIMatch[], flag: keyof RouteHandle): boolean {
  return matches.some((match) => handleOf(match)[flag] === true);
}
