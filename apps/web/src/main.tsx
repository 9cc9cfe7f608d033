import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { createAppRouter } from './app/router';
import {
  createInstrumentation,
  instrumentationConfigFromEnv,
  reportRenderErrors,
  reportUncaughtErrors,
} from './lib/instrumentation/instrumentation';
import { createQueryClient } from './lib/query-client';
import './styles/globals.css';

const rootElement = document.getElementById('root');
if (!rootElement) throw new Error('index.html has no #root element');

// Analytics and error reporting stay off (no third-party calls) unless configured (spec §7).
const instrumentation = createInstrumentation(instrumentationConfigFromEnv(import.meta.env));
reportUncaughtErrors(instrumentation.errors);

const queryClient = createQueryClient();
const router = createAppRouter({ queryClient });

createRoot(rootElement, reportRenderErrors(instrumentation.errors)).render(
  <StrictMode>
    <App queryClient={queryClient} router={router} instrumentation={instrumentation} />
  </StrictMode>,
);
