/**
 * "How do we know?": the fidelity contract, one row per variant — what its implementation was
 * checked against (the Linux kernel via the linux-ref recipe, RFC and paper rules in branch tests,
 * the papers' figures), where, and how close. The kernel table is `npm run validate`'s output
 * (src/validation/results.json); each of its rows opens the same run in the main view.
 */
import { VARIANTS } from '../../catalogue/variants.ts';
import { FIGURES } from '../../experiments/figures.ts';
import { CHECKS, KERNEL_CC } from '../../validation/catalogue.ts';
import { kernelPathScenario } from '../../validation/path.ts';
import results from '../../validation/results.json';
import { variantLabel } from '../../catalogue/format.ts';
import { encodeState } from '../state/url.ts';
import { DEFAULT_VIEW } from '../state/view.ts';
import './validation.css';
import { followSystemTheme } from '../shell/pageTheme.ts';

followSystemTheme();

interface Stats {
  n: number;
  mean: number;
  sd: number;
  min: number;
  max: number;
}
interface Row {
  cc: string;
  variant: string;
  per: number;
  kernel: Stats;
  lab: Stats;
  diffPct: number;
  within: boolean;
}

const PATH_SETTINGS: Record<string, { rateBps: number; queuePackets: number }> = {
  'reference-2mbps': { rateBps: 2e6, queuePackets: 25 },
  'reference-10mbps': { rateBps: 10e6, queuePackets: 125 },
};

const kbps = (x: number): string => `${Math.round(x)}`;

function runHref(path: string, variant: string, per: number): string {
  const scenario = kernelPathScenario(variant, per, 1, PATH_SETTINGS[path]);
  return `#${encodeState({ scenario, view: DEFAULT_VIEW })}`;
}

export function ValidationView() {
  const paths = (results as { generatedBy: string; paths: { path: string; source: string; seeds: number; rows: Row[] }[] }).paths;
  return (
    <main className="validation" data-testid="validation-view">
      <p>
        <a className="button-link" href="#">
          ← Back to the simulator
        </a>
      </p>
      <h1>How do we know?</h1>
      <p>
        A simulator that teaches must say how far to trust it. Every variant below was checked against something this project did not write: the real Linux kernel on the same
        path, the rules of its RFC or paper worked through by hand in branch tests, and the paper&rsquo;s own figures. The numbers come from commands in the repository
        (<code>npm run validate</code>, <code>npm run reproduce</code>, <code>npm test</code>), not from this page.
      </p>

      <h2>Against the Linux kernel</h2>
      <p>
        The linux-ref recipe builds the <code>reference-2mbps</code> path out of network namespaces (2 Mb/s, 100 ms RTT, 25-packet drop-tail queue, random loss after
        the queue) and runs the kernel&rsquo;s own <code>reno</code>, <code>cubic</code> and <code>bbr</code> for 60 s, three times each. TCP Lab runs the same path
        with the <code>linux</code> TCP profile (initial window 10, SACK, delayed ACKs, byte counting, 200 ms minimum RTO, HyStart). &ldquo;Within&rdquo; means inside the
        kernel&rsquo;s run-to-run spread (mean ± 2 sd, at least its min–max, at least ± 1 %).
      </p>
      {paths.map((p) => (
        <section key={p.path}>
          <h3>
            {p.path} <span className="validation-source">({p.source}; TCP Lab: {p.seeds} seeds)</span>
          </h3>
          <table className="validation-table" data-testid={`kernel-${p.path}`}>
            <thead>
              <tr>
                <th>Variant</th>
                <th>Random loss</th>
                <th>Kernel goodput, kb/s (mean ± sd, min–max)</th>
                <th>TCP Lab, kb/s (mean ± sd)</th>
                <th>Difference</th>
                <th>Within the kernel&rsquo;s spread</th>
                <th>Open</th>
              </tr>
            </thead>
            <tbody>
              {p.rows.map((r) => (
                <tr key={`${r.variant}-${r.per}`}>
                  <td>
                    {variantLabel(r.variant)} <span className="validation-source">vs kernel {r.cc}</span>
                  </td>
                  <td>{(r.per * 100).toFixed(0)} %</td>
                  <td>
                    {kbps(r.kernel.mean)} ± {kbps(r.kernel.sd)} ({kbps(r.kernel.min)}–{kbps(r.kernel.max)}, n = {r.kernel.n})
                  </td>
                  <td>
                    {kbps(r.lab.mean)} ± {kbps(r.lab.sd)}
                  </td>
                  <td>
                    {r.diffPct >= 0 ? '+' : '−'}
                    {Math.abs(r.diffPct).toFixed(1)} %
                  </td>
                  <td className={r.within ? 'validation-yes' : 'validation-no'}>{r.within ? 'yes' : 'no'}</td>
                  <td>
                    <a href={runHref(p.path, r.variant, r.per)}>as Linux does</a>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </section>
      ))}

      <h2>Every variant</h2>
      <table className="validation-table" data-testid="variant-checks">
        <thead>
          <tr>
            <th>Variant</th>
            <th>Checked against</th>
            <th>Where</th>
            <th>How close</th>
            <th>Paper figures</th>
          </tr>
        </thead>
        <tbody>
          {VARIANTS.map((v) => {
            const checks = CHECKS[v.name] ?? [];
            const figures = FIGURES.filter((f) => (f.experiment.variants ?? []).includes(v.name));
            const kernel = KERNEL_CC[v.name];
            return (
              <tr key={v.name}>
                <td>{v.label}</td>
                <td>
                  <ul>
                    {checks.map((c) => (
                      <li key={c.where + c.against}>{c.against}</li>
                    ))}
                    {kernel ? <li>the Linux kernel&rsquo;s {kernel} (table above)</li> : null}
                  </ul>
                </td>
                <td>
                  <ul>
                    {checks.map((c) => (
                      <li key={c.where + c.against}>
                        <code>{c.where}</code>
                      </li>
                    ))}
                    {kernel ? (
                      <li>
                        <code>npm run validate</code>
                      </li>
                    ) : null}
                  </ul>
                </td>
                <td>
                  <ul>
                    {checks.map((c) => (
                      <li key={c.where + c.against}>{c.result}</li>
                    ))}
                  </ul>
                </td>
                <td>
                  {figures.length === 0 ? (
                    '—'
                  ) : (
                    <ul>
                      {[...new Set(figures.map((f) => f.paper))].map((paper) => (
                        <li key={paper}>
                          {paper}:{' '}
                          {figures
                            .filter((f) => f.paper === paper)
                            .map((f, i) => (
                              <span key={f.experiment.id}>
                                {i > 0 ? ', ' : ''}
                                <a href={`#experiment=${f.experiment.id}`}>{f.figure}</a>
                              </span>
                            ))}
                        </li>
                      ))}
                    </ul>
                  )}
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
      <p>
        The verdict of each paper figure (matches, partly, does not match, with its analysis) is in the <a href="#experiment=">experiments view</a> and in{' '}
        <code>npm run reproduce</code>&rsquo;s report.
      </p>
    </main>
  );
}
