// Locates the server package on disk, so that files beside it resolve from src (tsx) and from dist (bundle) alike.
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const SERVER_PACKAGE_NAME = '@costory/server';

interface ServerPackage {
  root: string;
  version: string;
}

let cached: ServerPackage | undefined;

// The module sits at src/paths.ts or is inlined into dist/main.js; walking up to the package.json
// named @costory/server finds the same root in both layouts and from any working directory.
function findServerPackage(): ServerPackage {
  let dir = dirname(fileURLToPath(import.meta.url));
  for (;;) {
    const manifest = join(dir, 'package.json');
    if (existsSync(manifest)) {
      const parsed = JSON.parse(readFileSync(manifest, 'utf8')) as {
        name?: unknown;
        version?: unknown;
      };
      if (parsed.name === SERVER_PACKAGE_NAME) {
        return {
          root: dir,
          version: typeof parsed.version === 'string' ? parsed.version : '0.0.0',
        };
      }
    }
    const parent = dirname(dir);
    if (parent === dir) {
      throw new Error(
        `Cannot find the ${SERVER_PACKAGE_NAME} package.json above ${import.meta.url}`,
      );
    }
    dir = parent;
  }
}

function serverPackage(): ServerPackage {
  cached ??= findServerPackage();
  return cached;
}

/** Absolute path of apps/server. */
export function serverRoot(): string {
  return serverPackage().root;
}

/** Version from apps/server/package.json, reported by GET /api/v1/meta and the OpenAPI document. */
export function serverVersion(): string {
  return serverPackage().version;
}

/** The SQL migrations that drizzle-kit writes (apps/server/drizzle). */
export function migrationsFolder(): string {
  return join(serverRoot(), 'drizzle');
}

/** Where `npm run build -w @costory/web` puts the SPA (apps/web/dist). */
export function defaultWebDistDir(): string {
  return join(serverRoot(), '..', 'web', 'dist');
}

/** Default folder of the embedded PGlite database (apps/server/data). */
export function defaultDataDir(): string {
  return join(serverRoot(), 'data');
}
