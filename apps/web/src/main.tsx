import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { createQueryClient } from './app/query-client';
import { connectAppRealtime } from './app/realtime/connect-app-realtime';
import { createAppRouter } from './app/routing/create-router';
import { readStoredSetting } from './features/domain/settings/stored-setting';
import { applyTheme } from './features/domain/theme/apply-theme';
import { resolveTheme } from './features/domain/theme/resolve-theme';
import './app/styles/base.css';
import './features/domain/theme/themes.css';

// The theme is known from the hostname alone, so it goes on before the first paint and
// the overlay already wears the brand; a stored background colour stands in until settings load.
applyTheme(document, resolveTheme(window.location.hostname, readStoredSetting()?.bodyBgColor));

const queryClient = createQueryClient();
const router = createAppRouter({ queryClient, hostname: window.location.hostname });
// After the router, which restored the session: a live one connects at once.
connectAppRealtime(queryClient, () => router.state.location.pathname);

const container = document.getElementById('root');
if (!container) throw new Error('The page has no #root element to render into.');
createRoot(container).render(<App queryClient={queryClient} router={router} />);
