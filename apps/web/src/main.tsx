// Entry point of the SPA (after public/zod-jitless.js): the router (which starts loading the first page's code), the language's texts, then the app.
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from '@/app/app';
import { createQueryClient } from '@/app/providers';
import { createAppRouter } from '@/app/router';
import { showStartupFailure } from '@/app/startup-failure';
import { getStoredLocale, initI18n, loadStartupTexts } from '@/i18n';
import { nextTask } from '@/lib/next-task';
import { isLoggedIn } from '@/lib/session';
import { warmUpFormatting } from '@/lib/warm-up-formatting';

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

initI18n();
// The router's first match is a task of its own, after the modules' evaluation and the texts' set-up: on a slow
// phone one task for both blocks the page for a third of a second.
await nextTask();
const queryClient = createQueryClient();
const router = createAppRouter(queryClient);
// A signed-in page shows figures: the browser's formatting starts while the page downloads.
if (isLoggedIn()) setTimeout(() => warmUpFormatting(getStoredLocale()), 0);
// The first paint is already translated: the page waits for its language's startup texts, loaded with its code.
const textsLoaded = await loadStartupTexts(getStoredLocale()).then(
  () => true,
  () => false,
);
if (textsLoaded) {
  // A transition: React yields to the browser every few milliseconds while it builds the first
  // screen, instead of blocking a slow phone for hundreds of milliseconds in one task.
  const root = createRoot(container);
  startTransition(() =>
    root.render(
      <StrictMode>
        <App router={router} queryClient={queryClient} />
      </StrictMode>,
    ),
  );
} else {
  showStartupFailure(container, () => window.location.reload());
}
