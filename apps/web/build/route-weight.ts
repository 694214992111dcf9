// The gzipped JavaScript a route downloads, from the built chunks' import graph, and the budgets each route must keep.
import { gzipSync } from 'node:zlib';

/** One built JavaScript chunk, as Rolldown describes it. */
export interface BuiltChunk {
  readonly fileName: string;
  readonly code: string;
  readonly isEntry: boolean;
  /** The module the chunk was built for (the page of a lazy route), if any. */
  readonly facadeModuleId: string | null;
  /** Chunks it imports statically: the browser fetches them before it runs. */
  readonly imports: readonly string[];
}

export interface RouteBudget {
  readonly route: string;
  /** The page module the route loads, relative to apps/web. */
  readonly page: string;
  /** Modules the route's loader fetches with the page (the signed-in pages' texts). */
  readonly withPage: readonly string[];
  /** The build fails above this: today's weight with a little room, lowered as pages get lighter. */
  readonly maxGzipBytes: number;
  /** Where issue 17 wants the route to be (decision 0038 says what stands between). */
  readonly targetGzipBytes: number;
  /** The build fails above this many files: on HTTP/1.1 a browser fetches six at a time. */
  readonly maxFiles: number;
}

const KB = 1024;

/** Modules every page waits for before its first paint: the (default) language's startup texts. */
const STARTUP_MODULES = ['src/i18n/locales/en/startup.ts'];
/** What a signed-in page's route loads with its code (src/app/routing/routes.tsx). */
const SIGNED_IN_PAGE = ['src/i18n/locales/en/pages.ts'];

export const ROUTE_BUDGETS: readonly RouteBudget[] = [
  {
    route: '/login',
    page: 'src/features/auth/pages/login-page.tsx',
    withPage: [],
    maxGzipBytes: 260 * KB,
    targetGzipBytes: 200 * KB,
    maxFiles: 15,
  },
  {
    route: '/',
    page: 'src/features/stories/pages/story-list-page.tsx',
    withPage: SIGNED_IN_PAGE,
    maxGzipBytes: 312 * KB,
    targetGzipBytes: 200 * KB,
    maxFiles: 34,
  },
  {
    route: '/story-detail/:storyId/items/…',
    page: 'src/features/stories/pages/story-items-page.tsx',
    withPage: SIGNED_IN_PAGE,
    maxGzipBytes: 350 * KB,
    targetGzipBytes: 350 * KB,
    maxFiles: 57,
  },
  {
    route: '/story-detail/:storyId/summary/roles',
    page: 'src/features/stories/pages/story-summary-page.tsx',
    withPage: SIGNED_IN_PAGE,
    maxGzipBytes: 334 * KB,
    targetGzipBytes: 350 * KB,
    maxFiles: 47,
  },
];

export interface RouteWeight extends RouteBudget {
  readonly gzipBytes: number;
  readonly files: readonly string[];
}

function withStaticImports(
  start: string,
  byName: ReadonlyMap<string, BuiltChunk>,
  into: Set<string>,
) {
  const pending = [start];
  for (let name = pending.pop(); name !== undefined; name = pending.pop()) {
    if (into.has(name)) continue;
    into.add(name);
    pending.push(...(byName.get(name)?.imports ?? []));
  }
}

/** What each budgeted route downloads: the entry and the page, each with its static imports. */
export function routeWeights(chunks: readonly BuiltChunk[]): RouteWeight[] {
  const byName = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
  const gzipBytes = new Map(
    chunks.map((chunk) => [chunk.fileName, gzipSync(chunk.code, { level: 9 }).length]),
  );
  const entry = chunks.find((chunk) => chunk.isEntry);
  if (!entry) throw new Error('the build has no entry chunk');
  const chunkOf = (module: string) => {
    const chunk = chunks.find((candidate) =>
      candidate.facadeModuleId?.replaceAll('\\', '/').endsWith(`/apps/web/${module}`),
    );
    if (!chunk) throw new Error(`no chunk was built for ${module}`);
    return chunk.fileName;
  };
  const startup = new Set<string>();
  withStaticImports(entry.fileName, byName, startup);
  for (const module of STARTUP_MODULES) withStaticImports(chunkOf(module), byName, startup);
  return ROUTE_BUDGETS.map((budget) => {
    const files = new Set(startup);
    for (const module of [budget.page, ...budget.withPage]) {
      withStaticImports(chunkOf(module), byName, files);
    }
    let total = 0;
    for (const file of files) total += gzipBytes.get(file) ?? 0;
    return { ...budget, gzipBytes: total, files: [...files].sort() };
  });
}

export function formatKb(bytes: number): string {
  return `${(bytes / KB).toFixed(1)} KB`;
}
