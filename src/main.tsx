import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App';
import { createServices } from './app/services';
import './app/index.css';

const root = document.getElementById('root');
if (!root) throw new Error('Loopscope: #root element missing from index.html');

// The mock model must serve before the first render: the default run goes through it.
createServices().then(
  (services) => {
    createRoot(root).render(
      <StrictMode>
        <App services={services} />
      </StrictMode>,
    );
  },
  (error: unknown) => {
    root.textContent = `Loopscope could not start: ${error instanceof Error ? error.message : String(error)}`;
  },
);
