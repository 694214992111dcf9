// Vite plugin that puts everything the entry imports statically into three chunks: the shell arrives in four files, not sixty.
import type { Plugin, UserConfig } from 'vite';

/**
 * Rolldown gives a module the entry imports its own chunk when a lazy page imports it too
 * (rolldown/rolldown#10731), so the first page waited for about sixty small files: on HTTP/1.1,
 * six at a time. Everything the entry imports statically runs before any page anyway, so chunks
 * of exactly those modules cost no byte more. The entry module stays out: it awaits the
 * language's texts, whose chunk imports from the shell, so the shell must not wait for the entry.
 * React and MUI get chunks of their own: they change less often than our code, so a release
 * that changes only the app keeps them in the browser's cache.
 */
const SHELL_GROUPS: readonly { name: string; packages?: RegExp }[] = [
  { name: 'react', packages: /node_modules[\\/](react|react-dom|scheduler|react-router)[\\/]/ },
  {
    name: 'mui',
    packages: /node_modules[\\/](@mui|@emotion|stylis|@popperjs|react-transition-group)[\\/]/,
  },
  { name: 'shell' },
];

/**
 * The shared package's barrels (`@costory/shared`) re-export every schema of every page: followed,
 * they would put all of them, zod and the formula engine into the first load. The shell imports the
 * shared modules it uses by path (`@costory/shared/locale`); what only pages use goes with them.
 */
const SHARED_BARREL = /packages[\\/]shared[\\/]src[\\/](.+[\\/])?index\.ts$/;

/**
 * Library modules the shell reaches only through a package's index, which re-exports them: the
 * shell never runs them, and only some pages do (react-i18next's `Trans` and what it parses
 * HTML with, about 4 KB gzip). Followed, they would be downloaded with every first page.
 */
const PAGE_ONLY =
  /node_modules[\\/](react-i18next[\\/]dist[\\/]es[\\/]((Icu)?Trans(WithoutContext)?|IcuTransUtils[\\/].*|Translation|withTranslation|withSSR|useSSR)\.js|html-parse-stringify[\\/]|void-elements[\\/])/;

export function shellChunk(): Plugin {
  const shellModules = new Set<string>();
  return {
    name: 'costory-shell-chunk',
    apply: 'build',
    config(): UserConfig {
      return {
        build: {
          rolldownOptions: {
            output: {
              codeSplitting: {
                groups: SHELL_GROUPS.map(({ name, packages }) => ({
                  name,
                  test: (id: string) => shellModules.has(id) && (!packages || packages.test(id)),
                  priority: packages ? 20 : 10,
                })),
              },
            },
          },
        },
      };
    },
    buildEnd() {
      // The HTML entry and the scripts it names (src/main.tsx) stay in the entry chunk.
      const html = [...this.getModuleIds()].filter((id) => this.getModuleInfo(id)?.isEntry);
      const entries = new Set([
        ...html,
        ...html.flatMap((id) => this.getModuleInfo(id)?.importedIds ?? []),
      ]);
      const pending = [...entries].flatMap((id) => this.getModuleInfo(id)?.importedIds ?? []);
      for (let id = pending.pop(); id !== undefined; id = pending.pop()) {
        if (
          shellModules.has(id) ||
          entries.has(id) ||
          SHARED_BARREL.test(id) ||
          PAGE_ONLY.test(id)
        ) {
          continue;
        }
        shellModules.add(id);
        pending.push(...(this.getModuleInfo(id)?.importedIds ?? []));
      }
      const barrelImporters = [...shellModules].filter((id) =>
        this.getModuleInfo(id)?.importedIds.some((imported) => SHARED_BARREL.test(imported)),
      );
      if (barrelImporters.length > 0) {
        this.error(
          `the shell imports @costory/shared as a whole (import the module by path, e.g. @costory/shared/locale): ${barrelImporters.join(', ')}`,
        );
      }
    },
  };
}
