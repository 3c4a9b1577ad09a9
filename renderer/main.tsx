import { StrictMode } from 'react';
import { bufferPageErrors } from './lib/early-errors';
import { createRoot } from 'react-dom/client';
import { setLanguage } from './i18n';
import { addToolMeta } from './app/tool-texts';
import { languageOfPath } from './app/language';
import App from './app/App';
import './app/global.css';
import { prefetchAntdWhenIdle } from './lib/lazy-with-antd';
import { registerServiceWorker } from './app/pwa';
import { registerWelfareSlot } from './welfare/WelfareSlot';
import { registerAssistantSlot } from './assistant/AssistantSlot';
import { loadAdSlots } from './ads/first-page';

addToolMeta();
registerWelfareSlot();
registerAssistantSlot();
// The ad slots load beside the first page, out of the first chunk; with cached ads the first render
// waits for them (docs/ads.md, "No layout shift").
const adSlots = loadAdSlots();
// Pick the language from the URL before the first render so the first paint is already right.
setLanguage(languageOfPath(location.pathname));

void adSlots.then(() =>
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <App />
    </StrictMode>,
  ),
);

// The account sync (API client, schemas) is no part of the first paint: it loads just after it.
void import('./auth/settings-sync').then(({ startSettingsSync }) => startSettingsSync());
void registerServiceWorker();
// The shell and the home page are drawn without antd; the first tool page needs it.
prefetchAntdWhenIdle();
// Before React's first render runs (it is scheduled, not synchronous): the console panel shows
// what went wrong before anyone opened it. The collector itself loads just after.
bufferPageErrors();
void import('./lib/log').then(({ collectPageErrors }) => collectPageErrors());
