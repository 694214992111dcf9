// The shell of the few pages the server renders itself (sign-out, sign-in errors, dev mailbox), in the SPA's ict look, without any script.
import { escapeHtml } from './html';

// The ict theme of the SPA (apps/web/src/app/theme/themes.ts), so these pages feel like the product.
const STYLES = `
*{box-sizing:border-box}
html{font-family:Inter,"Segoe UI",Roboto,"Helvetica Neue",Arial,"Liberation Sans",system-ui,sans-serif;color:#1c2430;background:#f4f7f5}
body{margin:0;min-height:100vh}
header{background:#17784a;color:#fff;padding:0 24px;height:56px;display:flex;align-items:center;gap:12px}
header .brand{font-weight:700;font-size:1.25rem;letter-spacing:-0.01em;color:#fff;text-decoration:none}
header .tag{font-size:.7rem;font-weight:700;letter-spacing:.08em;text-transform:uppercase;background:rgba(255,255,255,.18);padding:2px 8px;border-radius:999px}
main{max-width:var(--width,480px);margin:48px auto;padding:0 16px}
.card{background:#fff;border-radius:8px;box-shadow:0 1px 3px rgba(28,36,48,.12),0 1px 2px rgba(28,36,48,.08);padding:32px}
h1{font-size:1.6rem;font-weight:700;letter-spacing:-0.01em;margin:0 0 12px}
h2{font-size:1.05rem;font-weight:600;margin:0 0 4px}
p{line-height:1.55;margin:0 0 16px;color:#1c2430}
.muted{color:#5a6572}
.actions{display:flex;gap:12px;flex-wrap:wrap;margin-top:24px}
button,.button{font:inherit;font-weight:600;font-size:.95rem;border-radius:8px;padding:10px 20px;cursor:pointer;border:1px solid #17784a;text-decoration:none;display:inline-block}
.primary{background:#17784a;color:#fff}
.primary:hover{background:#0f5634}
.secondary{background:#fff;color:#17784a}
.secondary:hover{background:#eef5f1}
a{color:#17784a}
code,pre{font-family:ui-monospace,SFMono-Regular,Menlo,Consolas,monospace;font-size:.9rem}
pre{white-space:pre-wrap;word-break:break-word;background:#f4f7f5;border-radius:8px;padding:16px;margin:0}
dl{display:grid;grid-template-columns:max-content 1fr;gap:4px 16px;margin:0 0 16px}
dt{color:#5a6572}
dd{margin:0;word-break:break-word}
.error{color:#c62828}
`;

/** The header's testing-environment label, as the app's header shows it (spec section 1). */
const TESTING_ENVIRONMENT = {
  en: 'Testing environment',
  cs: 'Testovací prostředí',
} as const;

export interface PageOptions {
  lang: string;
  title: string;
  /** Trusted HTML (escape every value put into it). */
  body: string;
  /** Content width in pixels; 480 by default. */
  width?: number;
}

export function renderPage({ lang, title, body, width = 480 }: PageOptions): string {
  return `<!doctype html>
<html lang="${escapeHtml(lang)}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(title)} · Costory</title>
<style>${STYLES}</style>
</head>
<body>
<header><a class="brand" href="/">Costory</a><span class="tag">alpha</span><span class="tag">${lang === 'cs' ? TESTING_ENVIRONMENT.cs : TESTING_ENVIRONMENT.en}</span></header>
<main style="--width:${width}px">
${body}
</main>
</body>
</html>
`;
}
