/**
 * The experiments view: pick a paper's figure (or open an experiment from a link or a file), watch
 * it fill in coarse-to-fine with an honest time estimate, cancel and resume, compare with the
 * paper's numbers and models, and click any point to open that exact run in the main view.
 * Finished runs are kept for the page's lifetime, so coming back from a run, or switching the
 * plotted metric, reruns nothing.
 */
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { FIGURES, getFigure } from '../../experiments/figures.ts';
import { metricLabel } from '../../experiments/metrics.ts';
import { figureSvg, plotModel } from '../../experiments/plot.ts';
import { cells as cellsOf, rows as rowsOf, toCsv, type Row } from '../../experiments/results.ts';
import { plan, runSweep, type Cache, type Progress, type SweepHandle } from '../../experiments/runner.ts';
import { formatSpecErrors, jobsFor, parseExperiment, type Experiment } from '../../experiments/spec.ts';
import { verdict } from '../../experiments/verdict.ts';
import { poolSizeFor } from '../../worker/pool.ts';
import { workerExecutor, type WorkerExecutor } from '../../experiments/worker-executor.ts';
import { downloadBlob, downloadText } from '../export/download.ts';
import { variantLabel } from '../../catalogue/format.ts';
import { encodeState } from '../state/url.ts';
import { DEFAULT_VIEW } from '../state/view.ts';
import { ExperimentPlot } from './ExperimentPlot.tsx';
import { FigureAnalysisNote } from './FigureAnalysisNote.tsx';
import { rememberReturn } from './returnInfo.ts';
import { decodeExperimentHash, encodeExperimentHash, type ExperimentRoute } from './route.ts';
import './experiments.css';
import { decodeText, parseJsonText } from '../../scenario/jsonText.ts';
import { followSystemTheme } from '../shell/pageTheme.ts';

followSystemTheme();

/** Finished runs of this page session, by run identity (see spec.runKey). */
const CACHE: Cache = new Map();

const BADGE_TEXT = { matches: 'Matches the paper', partly: 'Partly matches the paper', 'does not match': 'Does not match the paper', 'no data': 'Nothing to compare yet' } as const;

type RunState = 'idle' | 'running' | 'cancelled' | 'done' | 'failed';

function seconds(ms: number): string {
  return ms < 10_000 ? `${(ms / 1000).toFixed(1)} s` : `${Math.round(ms / 1000)} s`;
}

/** "Did it match the paper?" for every figure whose runs this page has finished (all figures: `npm run reproduce`). */
function VerdictSummary() {
  const rowsOfTable = useMemo(
    () =>
      FIGURES.map((f) => {
        const r = parseExperiment(f.experiment);
        if (!r.ok) return { f, text: 'invalid experiment', words: '' };
        const jobs = plan(r.experiment);
        const done = jobs.filter((j) => CACHE.has(j.key)).length;
        if (done < jobs.length) return { f, text: done === 0 ? 'not run yet' : `${done} of ${jobs.length} runs so far`, words: '' };
        const v = verdict(f, r.experiment, cellsOf(r.experiment, rowsOf(r.experiment, CACHE)));
        return { f, text: BADGE_TEXT[v.badge], words: v.words };
      }),
    [],
  );
  return (
    <section className="panel exp-summary" aria-label="Did it match the paper?">
      <h2>Did it match the paper?</h2>
      <p className="hint">
        Figures run in this session; <code>npm run reproduce -- DIR</code> runs them all and writes the same table with the analysis.
      </p>
      <div className="table-scroll">
        <table data-testid="exp-summary">
          <thead>
            <tr>
              <th scope="col">Figure</th>
              <th scope="col">Paper</th>
              <th scope="col">Verdict</th>
              <th scope="col">Why</th>
            </tr>
          </thead>
          <tbody>
            {rowsOfTable.map(({ f, text, words }) => (
              <tr key={f.experiment.id}>
                <td>
                  <a href={`#${encodeExperimentHash({ figureId: f.experiment.id, experiment: null, metric: null })}`}>{f.experiment.id}</a> ({f.figure})
                </td>
                <td>{f.paper}</td>
                <td>{text}</td>
                <td>{words}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}

export function ExperimentsView() {
  const [route, setRoute] = useState<ExperimentRoute>(() => decodeExperimentHash(location.hash));
  const [problems, setProblems] = useState<string[]>(route.problems);
  useEffect(() => {
    const onHash = (): void => {
      const r = decodeExperimentHash(location.hash);
      setRoute(r);
      setProblems(r.problems);
    };
    addEventListener('hashchange', onHash);
    return () => removeEventListener('hashchange', onHash);
  }, []);
  const e = route.experiment;
  const figure = route.figureId ? (getFigure(route.figureId) ?? null) : e ? (getFigure(e.id) ?? null) : null;
  const metric = route.metric ?? e?.metrics[0] ?? 'goodputBps';

  const executor = useRef<WorkerExecutor | null>(null);
  useEffect(() => {
    executor.current = workerExecutor(poolSizeFor(navigator.hardwareConcurrency));
    return () => {
      executor.current?.dispose();
      executor.current = null;
    };
  }, []);

  const [version, setVersion] = useState(0);
  const [progress, setProgress] = useState<Progress | null>(null);
  const [state, setState] = useState<RunState>('idle');
  const [error, setError] = useState<string | null>(null);
  const handle = useRef<SweepHandle | null>(null);
  const frame = useRef(0);
  const firstDrawn = useRef(false);

  const start = useCallback((exp: Experiment) => {
    const ex = executor.current;
    if (!ex) return;
    handle.current?.cancel();
    setError(null);
    setState('running');
    // For bench/experiments.ts: when the sweep started, its first point was drawn, and it ended.
    performance.clearMarks('tcp:exp-start');
    performance.clearMarks('tcp:exp-first-point');
    performance.clearMarks('tcp:exp-done');
    performance.mark('tcp:exp-start');
    firstDrawn.current = false;
    const h = runSweep(exp, ex, CACHE, (p) => {
      setProgress(p);
      // redraw at most once per frame however fast results arrive
      if (!frame.current) frame.current = requestAnimationFrame(() => {
        frame.current = 0;
        setVersion((v) => v + 1);
      });
    }, () => performance.now());
    handle.current = h;
    h.done.then(
      ({ cancelled }) => {
        if (handle.current !== h) return;
        if (!cancelled) {
          const runs = plan(exp).map((j) => CACHE.get(j.key)).filter((r) => r !== undefined);
          performance.mark('tcp:exp-done', { detail: { runs: runs.length, engineMs: runs.reduce((a, r) => a + r.engineMs, 0), lanes: ex.lanes } });
        }
        setState(cancelled ? 'cancelled' : 'done');
        setVersion((v) => v + 1);
      },
      (err: unknown) => {
        if (handle.current !== h) return;
        setState('failed');
        setError(err instanceof Error ? err.message : String(err));
      },
    );
  }, []);

  // A new experiment starts at once (finished runs come from the cache).
  useEffect(() => {
    if (!e) return;
    const id = setTimeout(() => start(e), 0);
    return () => {
      clearTimeout(id);
      handle.current?.cancel();
      handle.current = null;
    };
  }, [e, start]);

  const rs = useMemo(() => (e ? rowsOf(e, CACHE) : []), [e, version]); // eslint-disable-line react-hooks/exhaustive-deps
  const cs = useMemo(() => (e ? cellsOf(e, rs) : []), [e, rs]);
  const v = useMemo(() => (e && figure ? verdict(figure, e, cs) : null), [e, figure, cs]);
  const svgRef = useRef<SVGSVGElement | null>(null);
  useEffect(() => {
    if (!firstDrawn.current && state === 'running' && rs.length > 0) {
      firstDrawn.current = true;
      performance.mark('tcp:exp-first-point');
    }
  }, [rs, state]);

  const go = (hash: string): void => {
    location.hash = hash;
  };
  const pickFigure = (id: string): void => go(encodeExperimentHash({ figureId: id, experiment: null, metric: null }));
  const pickMetric = (m: string): void => {
    if (e) history.replaceState(null, '', `#${encodeExperimentHash({ figureId: route.figureId, experiment: e, metric: m === e.metrics[0] ? null : m })}`);
    setRoute((r) => ({ ...r, metric: m }));
  };

  const openRun = (row: Row): void => {
    if (!e) return;
    const job = jobsFor(e, row.point.index, row.seed).find((j) => j.variants.includes(row.variant));
    if (!job) return;
    const theme = document.documentElement.dataset.theme === 'dark' ? 'dark' : 'light';
    const runHash = encodeState({ scenario: job.scenario, view: { ...DEFAULT_VIEW, theme } });
    rememberReturn({
      hash: location.hash.replace(/^#/, ''),
      label: `${e.id}, ${variantLabel(row.variant)} at ${e.axis.label.toLowerCase()} ${row.point.label}, seed ${row.seed}`,
      runHash,
    });
    go(runHash);
  };

  const name = e?.id ?? 'experiment';
  const standalone = (): string | null => {
    if (!e) return null;
    const m = plotModel(e, figure, cs, metric, { width: 900, height: 480 });
    return figureSvg(m, `${e.title} — ${e.source}`, v ? `Did it match the paper? ${v.badge} — ${v.words}` : `${rs.length} runs`);
  };
  const exportPng = async (): Promise<void> => {
    const svg = standalone();
    if (!svg) return;
    const img = new Image();
    const url = URL.createObjectURL(new Blob([svg], { type: 'image/svg+xml' }));
    try {
      await new Promise<void>((ok, fail) => {
        img.onload = () => ok();
        img.onerror = () => fail(new Error('the figure could not be rasterised'));
        img.src = url;
      });
      const c = document.createElement('canvas');
      c.width = img.width * 2;
      c.height = img.height * 2;
      const ctx = c.getContext('2d');
      if (!ctx) return;
      ctx.scale(2, 2);
      ctx.drawImage(img, 0, 0);
      const blob = await new Promise<Blob | null>((ok) => c.toBlob(ok, 'image/png'));
      if (blob) downloadBlob(`${name}.png`, blob);
    } finally {
      URL.revokeObjectURL(url);
    }
  };
  const [linkNote, setLinkNote] = useState<string | null>(null);
  const copyLink = async (): Promise<void> => {
    try {
      await navigator.clipboard.writeText(location.href);
      setLinkNote('Link copied.');
    } catch {
      setLinkNote(location.href);
    }
  };
  const importFile = async (file: File): Promise<void> => {
    // the scenario files' reader: UTF-16 decoded, other non-UTF-8 text and duplicate keys named
    const text = decodeText(new Uint8Array(await file.arrayBuffer()), file.name);
    const json = text.ok ? parseJsonText(text.text, file.name) : text;
    if (!json.ok) return setProblems([json.message]);
    const input = json.value;
    const r = parseExperiment(input);
    if (!r.ok) return setProblems([`${file.name} could not be used:`, ...formatSpecErrors(r.errors).split('\n').slice(0, 20)]);
    go(encodeExperimentHash({ figureId: null, experiment: r.experiment, metric: null }));
  };

  const total = e ? plan(e).length : 0;
  const seedCount = e ? (Array.isArray(e.seeds) ? e.seeds.length : e.seeds.count) : 0;
  const [seedsText, setSeedsText] = useState('');
  const [widthText, setWidthText] = useState('');
  useEffect(() => {
    setSeedsText(String(seedCount));
    setWidthText(e?.untilHalfWidthPct === null || e?.untilHalfWidthPct === undefined ? '' : String(e.untilHalfWidthPct));
  }, [e, seedCount]);
  /** More or fewer seeds, or the half-width rule: a new experiment (finished runs are reused). */
  const applySeeds = (ev: React.FormEvent): void => {
    ev.preventDefault();
    if (!e) return;
    const first = Array.isArray(e.seeds) ? Math.min(...e.seeds) : e.seeds.first;
    const count = seedsText.trim() === '' ? Number.NaN : Number(seedsText);
    const width = widthText.trim() === '' ? null : Number(widthText);
    const r = parseExperiment({ ...e, seeds: { first, count }, untilHalfWidthPct: width, maxSeeds: Math.max(e.maxSeeds, Number.isInteger(count) ? count : 1) });
    if (!r.ok) return setProblems(['These seeds cannot be used:', ...formatSpecErrors(r.errors).split('\n')]);
    setProblems([]);
    go(encodeExperimentHash({ figureId: null, experiment: r.experiment, metric: route.metric }));
  };
  const pct = progress && progress.total > 0 ? progress.done / progress.total : 0;
  const etaText =
    state === 'running' && progress
      ? progress.etaMs === null
        ? 'estimating the time left…'
        : `about ${seconds(progress.etaMs)} to go (from the ${progress.done - progress.reused} runs so far)`
      : state === 'cancelled'
        ? 'cancelled — finished runs are kept; Resume runs the rest'
        : state === 'done'
          ? `done in ${seconds(progress?.elapsedMs ?? 0)}${progress?.reused ? ` (${progress.reused} runs reused)` : ''}`
          : '';

  const groups = [...new Set(FIGURES.map((f) => f.paper))];

  return (
    <div className="app exp-view">
      <header className="app-head">
        <h1>TCP Lab — Experiments</h1>
        <p className="subtitle">The papers’ figures as sweeps: our runs with 95 % confidence intervals, the paper’s own numbers and the models, side by side.</p>
        <nav className="toolbar" aria-label="Experiment tools">
          <a className="button-link" href="#" data-testid="exp-main">
            ← Main view
          </a>
          <label className="exp-pick">
            <span className="visually-hidden">Figure</span>
            <select data-testid="exp-menu" value={route.figureId ?? ''} onChange={(ev) => ev.target.value && pickFigure(ev.target.value)}>
              <option value="">{route.figureId ? 'Choose a figure…' : e ? `${e.id} (own experiment)` : 'Choose a figure…'}</option>
              {groups.map((g) => (
                <optgroup key={g} label={g}>
                  {FIGURES.filter((f) => f.paper === g).map((f) => (
                    <option key={f.experiment.id} value={f.experiment.id}>
                      {f.figure}: {f.experiment.title}
                    </option>
                  ))}
                </optgroup>
              ))}
            </select>
          </label>
          <button type="button" data-testid="exp-theme" onClick={() => (document.documentElement.dataset.theme = document.documentElement.dataset.theme === 'dark' ? 'light' : 'dark')}>
            Theme
          </button>
        </nav>
      </header>
      {problems.length > 0 ? (
        <div className="banner" role="alert" data-testid="exp-problems">
          <span className="banner-message">{problems.join('\n')}</span>
          <button type="button" onClick={() => setProblems([])}>
            Dismiss
          </button>
        </div>
      ) : null}
      {!e ? (
        <>
          <section className="exp-index" aria-label="Figures">
            {groups.map((g) => (
              <div key={g} className="panel">
                <h2>{g}</h2>
                <ul>
                  {FIGURES.filter((f) => f.paper === g).map((f) => (
                    <li key={f.experiment.id}>
                      <a href={`#${encodeExperimentHash({ figureId: f.experiment.id, experiment: null, metric: null })}`}>
                        {f.figure}: {f.experiment.title}
                      </a>
                    </li>
                  ))}
                </ul>
              </div>
            ))}
          </section>
          <VerdictSummary />
        </>
      ) : (
        <section className="panel exp-panel" aria-label={e.title}>
          <div className="panel-head">
            <h2 data-testid="exp-title">
              {e.title} <span className="exp-source">— {e.source}</span>
            </h2>
            {v ? (
              <span className={`exp-badge exp-badge-${v.badge.replace(/ /g, '-')}`} data-testid="exp-verdict" title={v.words}>
                {BADGE_TEXT[v.badge]}
              </span>
            ) : null}
          </div>
          <div className="exp-controls">
            <label>
              Plot{' '}
              <select data-testid="exp-metric" value={metric} onChange={(ev) => pickMetric(ev.target.value)}>
                {e.metrics.map((m) => (
                  <option key={m} value={m}>
                    {metricLabel(m)}
                  </option>
                ))}
              </select>
            </label>
            <div className="exp-progress" data-testid="exp-progress" data-state={state} data-done={progress?.done ?? 0} data-total={progress?.total ?? total}>
              <progress max={1} value={pct} aria-label="Runs finished" />
              <span>
                {progress?.done ?? 0} of {progress?.total ?? total} runs · {seconds(progress?.elapsedMs ?? 0)} · {etaText}
              </span>
            </div>
            <form className="exp-seeds" onSubmit={applySeeds} aria-label="Seeds">
              <label>
                Seeds <input type="number" inputMode="numeric" data-testid="exp-seeds" value={seedsText} onChange={(ev) => setSeedsText(ev.target.value)} />
              </label>
              <label title={`Adds seeds to each point until its 95 % CI is within ± this % of its mean, up to ${e.maxSeeds} seeds`}>
                until CI ± <input type="number" inputMode="decimal" placeholder="off" data-testid="exp-width" value={widthText} onChange={(ev) => setWidthText(ev.target.value)} /> %
              </label>
              <button type="submit">Apply</button>
            </form>
            {state === 'running' ? (
              <button type="button" data-testid="exp-cancel" onClick={() => handle.current?.cancel()}>
                Cancel
              </button>
            ) : state === 'cancelled' || state === 'failed' ? (
              <button type="button" data-testid="exp-resume" onClick={() => start(e)}>
                Resume
              </button>
            ) : null}
          </div>
          {error ? (
            <p className="cap-note" role="alert">
              A run failed: {error}
            </p>
          ) : null}
          <ExperimentPlot experiment={e} figure={figure} cells={cs} metric={metric} onOpen={openRun} svgRef={svgRef} />
          <p className="hint">Click a point (its first seed) or a faint dot (one seed) to open that exact run in the main view; the browser’s Back button, or the bar above the run, brings you back here.</p>
          {v ? (
            <details className="exp-verdict-details" open>
              <summary>Did it match the paper? {v.words}.</summary>
              <ul>
                {v.checks.map((c) => (
                  <li key={c.text}>
                    <strong>
                      {c.agree}/{c.total}
                    </strong>{' '}
                    {c.text}
                    {c.failedAt.length ? ` — not at ${c.failedAt.join(', ')}` : ''}
                  </li>
                ))}
              </ul>
              {figure?.noValues ? <p>{figure.noValues}</p> : null}
              {figure?.published.filter((s) => s.note).map((s) => (
                <p key={s.source}>
                  {s.source}: {s.note}
                </p>
              ))}
            </details>
          ) : null}
          {figure ? <FigureAnalysisNote figureId={figure.experiment.id} badge={v?.badge ?? null} /> : null}
          <p className="exp-description">{e.description}</p>
          <div className="exp-export toolbar" aria-label="Export">
            <button type="button" onClick={() => { const s = standalone(); if (s) downloadText(`${name}.svg`, 'image/svg+xml', s); }}>
              Figure SVG
            </button>
            <button type="button" onClick={() => void exportPng()}>
              Figure PNG
            </button>
            <button type="button" data-testid="exp-csv" onClick={() => downloadText(`${name}.csv`, 'text/csv', toCsv(e, rs))}>
              Data CSV
            </button>
            <button type="button" onClick={() => downloadText(`${name}.json`, 'application/json', JSON.stringify(e, null, 2) + '\n')}>
              Experiment JSON
            </button>
            <button type="button" onClick={() => void copyLink()}>
              Copy link
            </button>
            <label className="file-button">
              Open JSON…
              <input type="file" accept="application/json,.json" className="visually-hidden" onChange={(ev) => { const f = ev.target.files?.[0]; if (f) void importFile(f); ev.target.value = ''; }} />
            </label>
            {linkNote ? <span className="exp-link-note">{linkNote}</span> : null}
          </div>
        </section>
      )}
    </div>
  );
}
