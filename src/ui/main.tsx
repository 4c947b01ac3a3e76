import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { Root } from './experiments/Root.tsx';
import { lateEvents } from './events/late.ts';
import { loadChecks } from './state/late.ts';
import { lateReturnBar, returnBarWanted } from './experiments/lateReturnBar.ts';
import { lateControls } from './shell/lateControls.tsx';
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
// Such a page (a lesson, presenter mode, a moment with its caption) also opens with the events'
// code (events/late.ts), so its notices and caption are there with its first chart, and with the
// controls around the chart (shell/lateControls.tsx), so none of them stands in; a run an
// experiment opened, with the bar leading back to it.
if (location.hash.replace(/^#/, '') === '') render();
else
  Promise.all([loadChecks(), lateEvents.load(), lateControls.load(), returnBarWanted(location.hash) ? lateReturnBar.load() : null]).then(render, (e: unknown) => {
    root.textContent = `TCP Lab could not load the code a link needs: ${e instanceof Error ? e.message : String(e)}. Reload the page to try again.`;
  });
