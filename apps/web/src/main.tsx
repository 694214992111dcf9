// Entry point of the SPA (after public/zod-jitless.js): the router (which starts loading the first page's code), the language's texts, then the app.
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from '@/app/app';
import { createAppRouter } from '@/app/router';
import { getStoredLocale, initI18n, loadLocale, loadOtherLocalesWhenIdle } from '@/i18n';

initI18n();
const router = createAppRouter();
// The first paint is already translated: the page waits for its language, loaded with its code.
await loadLocale(getStoredLocale());

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

createRoot(container).render(
  <StrictMode>
    <App router={router} />
  </StrictMode>,
);
loadOtherLocalesWhenIdle();
