import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { createQueryClient } from './app/query-client';
import { createConsoleRouter } from './app/routing/create-router';
import './app/styles/base.css';

const queryClient = createQueryClient();
const router = createConsoleRouter(queryClient);

const container = document.getElementById('root');
if (!container) throw new Error('The page has no #root element to render into.');
createRoot(container).render(<App queryClient={queryClient} router={router} />);
