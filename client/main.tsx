import './ui/base.css';
import './ui/forms.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { startFirstData } from './app/first-data';
import { i18nReady } from './lib/i18n';
import { registerServiceWorker } from './lib/service-worker';

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

// The screen's first reads, asked for by the page's boot script, join the query cache at once.
startFirstData();

// The first render waits for the texts of the interface language (one small chunk); a failure to
// load them still renders, with keys for texts, rather than a blank page.
void i18nReady
  .catch(() => undefined)
  .then(() =>
    createRoot(root).render(
      <StrictMode>
        <App />
      </StrictMode>,
    ),
  );

registerServiceWorker();
