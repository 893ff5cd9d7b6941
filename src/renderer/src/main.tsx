import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App.js';
import { setApi } from './bridge/api.js';
import { applyTheme, loadTheme } from './lib/theme.js';
import './styles/app.css';

async function start(): Promise<void> {
  applyTheme(loadTheme());
  const params = new URLSearchParams(window.location.search);
  // Dev-only stand-in backend for looking at the UI without a server. `import.meta.env.DEV` is the constant
  // false in production builds, so the import (and the mock's chunk) is dropped from them.
  if (import.meta.env.DEV && !window.obsiquery && params.has('mock')) {
    const { createMockApi } = await import('./bridge/mockApi.js');
    setApi(createMockApi({ empty: params.get('mock') === 'empty', crash: params.has('crash') }));
  }
  const root = document.getElementById('root');
  if (!root) throw new Error('index.html is missing #root');
  createRoot(root).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
}

void start();
