/**
 * The controls around the first chart come after it (controlsLate.ts, loaded once the first
 * picture is up, or before the first render of a page opened on a link): the page's first load
 * carries the chart, not the code of every button around it. Until they are in, each keeps its
 * place with a stand-in of the same elements, labels and classes (so the same size: nothing on
 * the page moves when the real one replaces it), shown not yet usable (disabled), and marked
 * `data-late` for the browser tests. Play works at once: it needs only the playback store, which
 * the first load has. The App renders these in place of the originals, with the originals' props.
 */
import { useEffect, type ComponentProps } from 'react';
import type * as Late from './controlsLate.ts';
import { ErrorKindOptions } from '../controls/ErrorKindOptions.tsx';
import { VariantOptions } from '../controls/VariantOptions.tsx';
import { LessonInvite } from '../lessons/LessonInvite.tsx';
import { PanelMenu, PresentMenu } from '../panels/PanelGrid.tsx';
import { SPEEDS } from '../state/playback.ts';
import { lateModule, useLate } from '../state/lateModule.ts';
import { showPanel } from '../state/panelList.ts';
import { useStore } from '../state/store.ts';
import { useTimeAxis } from '../state/timeAxis.ts';
import { presenterFitNote } from './presenterFit.ts';
// the banners' styles (with the quick bar's), which the stand-ins need before the code is in
import '../controls/controls.css';
import './lateControls.css';

export const lateControls = lateModule(() => import('./controlsLate.ts'));

/**
 * Loads the controls once `ready`: the first picture is up, or the first run failed (its banner
 * and the controls to change the scenario are then what the page needs).
 */
export function useControlsLoad(ready: boolean): void {
  useEffect(() => {
    if (ready) void lateControls.load().catch(() => {});
  }, [ready]);
}

const LATE = 'controls';

/** A menu's button that does not open yet. */
function MenuStandIn({ className, label }: { className: string; label: string }) {
  return (
    <details className={`menu ${className}`} data-late={LATE}>
      <summary aria-disabled="true" className="not-yet" onClick={(e) => e.preventDefault()}>
        {label}
      </summary>
    </details>
  );
}

export function TransportBar(props: ComponentProps<typeof Late.TransportBar>) {
  const m = useLate(lateControls);
  return m ? <m.TransportBar {...props} /> : <TransportStandIn />;
}

function TransportStandIn() {
  const { playback, dispatch, ahead, followS } = useTimeAxis();
  const p = useStore(playback);
  return (
    <div className="transport" role="toolbar" aria-label="Playback and time window" data-late={LATE}>
      <button type="button" disabled aria-label="Previous event">
        ◀<span className="long"> Event</span>
      </button>
      <button type="button" className="play" onClick={() => dispatch({ type: 'toggle' })}>
        {p.playing ? 'Pause' : 'Play'}
      </button>
      <button type="button" disabled aria-label="Next event">
        <span className="long">Event </span>▶
      </button>
      <button type="button" disabled aria-label="Next loss">
        <span className="long">Next </span>loss
      </button>
      <button type="button" disabled aria-label="Next timeout">
        <span className="long">Next </span>timeout
      </button>
      <select disabled value={p.speed} aria-label="Playback speed">
        {SPEEDS.map((s) => (
          <option key={s} value={s}>
            {s}×
          </option>
        ))}
      </select>
      <output className="time-readout">
        <span className="long">t = </span>
        {p.tS.toFixed(3)} s
      </output>
      <input className="seek" type="range" disabled min={0} max={p.endS} value={p.tS} aria-label="Time cursor" />
      <button type="button" disabled aria-pressed={ahead === 'faded'}>
        <span className="wide-only">Show </span>all
      </button>
      <button type="button" className="follow wide-only" disabled aria-pressed={followS > 0}>
        Follow
      </button>
      <span className="zoom-tools">
        <button type="button" disabled>
          Zoom in
        </button>
        <button type="button" disabled>
          Zoom out
        </button>
        <button type="button" disabled aria-label="Pan earlier">
          ◀
        </button>
        <button type="button" disabled aria-label="Pan later">
          ▶
        </button>
      </span>
      <button type="button" className="reset-zoom" disabled>
        Whole run
      </button>
    </div>
  );
}

export function QuickControls(props: ComponentProps<typeof Late.QuickControls>) {
  const m = useLate(lateControls);
  if (m) return <m.QuickControls {...props} />;
  const { scenario, variants } = props;
  const variant = scenario.flows[0]?.variant ?? '';
  const mixed = scenario.flows.some((f) => f.variant !== variant);
  // the link the real bar edits: the first with forward errors, else the last (quick.ts)
  const link = scenario.path.find((l) => l.forward.errors.length > 0) ?? scenario.path[scenario.path.length - 1];
  const errors = !!link && link.forward.errors.length > 0;
  return (
    <section className="quick-bar" aria-label="Quick controls" data-late={LATE}>
      <div className="qc-field">
        <label>Variant</label>
        <select disabled value={mixed ? '' : variant}>
          {mixed ? <option value="">mixed</option> : null}
          <VariantOptions names={variants} />
        </select>
      </div>
      <div className="qc-field">
        <label>Seed</label>
        <span className="qc-seed">
          <input type="text" disabled size={10} value={String(scenario.seed)} />
          <button type="button" disabled>
            New seed
          </button>
        </span>
      </div>
      <div className="qc-field">
        <label>Errors on {link?.id ?? 'link 1'} →</label>
        <select disabled value={errors ? 'custom' : 'none'}>
          <ErrorKindOptions custom={errors} />
        </select>
      </div>
      <div className="qc-field qc-per">
        <span className="qc-label-row">
          <label>Packet error rate</label>
          <output>{errors ? '' : 'no errors'}</output>
        </span>
        <input type="range" disabled value={0} />
      </div>
    </section>
  );
}

export function LiveEditBar(props: ComponentProps<typeof Late.LiveEditBar>) {
  const m = useLate(lateControls);
  if (m) return <m.LiveEditBar {...props} />;
  return (
    <div className="live-edits" data-late={LATE}>
      <p className="live-edit-when">
        <span>
          Edits apply to the whole run<span className="long">; play or seek into it, and a link edit applies from that moment on</span>.
        </span>
      </p>
    </div>
  );
}

export function ToolbarMenus(props: ComponentProps<typeof Late.ToolbarMenus>) {
  const m = useLate(lateControls);
  if (m) return <m.ToolbarMenus {...props} />;
  const { slot, phone, shownSet, panelIds, editPanels, lock } = props;
  // under a lesson's lock the page opened on a link, which waits for this code (main.tsx)
  if (lock) return <span hidden data-late={LATE} />;
  const comparing = (
    <>
      <MenuStandIn className="compare-menu" label="Compare" />
      <PanelMenu set={shownSet} ids={panelIds} onShow={(id) => editPanels((l) => showPanel(l, id))} />
      <MenuStandIn className="export-menu" label="Export" />
    </>
  );
  if (slot === 'more')
    return (
      <>
        {phone ? comparing : null}
        <a className="button-link" href="#experiment=">
          Experiments
        </a>
        <a className="button-link" href="#validation">
          How do we know?
        </a>
        <button type="button" className="wide-only" disabled>
          Embed
        </button>
      </>
    );
  return (
    <>
      <MenuStandIn className="lesson-menu" label="Lessons" />
      <div className="preset-menu" data-late={LATE}>
        <button type="button" disabled>
          Presets <span aria-hidden="true">▾</span>
        </button>
      </div>
      {phone ? null : comparing}
    </>
  );
}

export function PresenterMenus(props: ComponentProps<typeof Late.PresenterMenus>) {
  const m = useLate(lateControls);
  if (m) return <m.PresenterMenus {...props} />;
  const { lock, available, chosen, onChange, fit } = props;
  return (
    <>
      {lock ? null : <MenuStandIn className="quick-menu" label="Controls" />}
      {lock ? null : (
        <div className="preset-menu" data-late={LATE}>
          <button type="button" disabled>
            Presets <span aria-hidden="true">▾</span>
          </button>
        </div>
      )}
      <PresentMenu available={available} chosen={chosen} onChange={onChange} fit={fit.panels} fitNote={presenterFitNote(fit)} />
    </>
  );
}

export function Drawer(props: ComponentProps<typeof Late.Drawer>) {
  const m = useLate(lateControls);
  if (m) return <m.Drawer {...props} />;
  // the phone's sheet opens as its code arrives (the Controls button asked for it)
  if (props.sheet) return <span hidden data-late={LATE} />;
  return (
    <aside className="drawer" id="scenario-drawer" aria-label="Scenario" data-late={LATE}>
      <div className="drawer-head">
        <button type="button" className="drawer-close" disabled>
          Hide editor
        </button>
      </div>
      {props.children}
    </aside>
  );
}

export function ShareLine(props: ComponentProps<typeof Late.ShareLine>) {
  const m = useLate(lateControls);
  useEffect(() => void lateControls.load().catch(() => {}), []);
  return m ? <m.ShareLine {...props} /> : <span hidden data-late={LATE} />;
}

/**
 * The notes above the stage. On a plain first visit the only one is the lesson invitation, which
 * is in the first load and keeps its place in the tree when the rest arrives (so it is not drawn
 * anew); a link's problems and notices wait for this code (main.tsx), and a failed run loads it
 * at once (useControlsLoad).
 */
export function Banners(props: ComponentProps<typeof Late.Banners>) {
  const m = useLate(lateControls);
  return (
    <>
      {m ? <m.Banners {...props} invite={false} /> : <span hidden data-late={LATE} />}
      {props.invite ? <LessonInvite /> : null}
    </>
  );
}
