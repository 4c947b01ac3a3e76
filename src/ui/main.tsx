import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { Root } from './experiments/Root.tsx';
import { loadChecks } from './state/late.ts';
import './styles.css';

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');
const render = (): void =>
  createRoot(root).render(
    <StrictMode>
      <Root />
    </StrictMode>,
  );
// A page opened on a link decodes and validates it before its first render, so it needs the
// late checks first (state/late.ts); a plain first visit opens the default scenario without them.
if (location.hash.replace(/^#/, '') === '') render();
else
  loadChecks().then(render, (e: unknown) => {
    root.textContent = `TCP Lab could not load its scenario checks: ${e instanceof Error ? e.message : String(e)}. Reload the page to try again.`;
  });
