// Renders a page with its parsed route parameters, or the 404 page when they are not valid.
import type { ReactNode } from 'react';
import { useParams } from 'react-router';
import { NotFoundPage } from '@/components/not-found-page';
import { parseRouteParams, type ParamSpec, type ParsedParams } from '@/lib/routing/route-params';

export interface ParsedRouteProps<S extends ParamSpec> {
  spec: S;
  render: (params: ParsedParams<S>) => ReactNode;
}

export function ParsedRoute<S extends ParamSpec>({ spec, render }: ParsedRouteProps<S>) {
  const parsed = parseRouteParams(useParams(), spec);
  return parsed ? render(parsed) : <NotFoundPage />;
}
