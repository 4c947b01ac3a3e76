import { variantColour } from '../charts/palette.ts';
import { int, mbps, variantLabel } from '../format.ts';
import type { Shown } from '../state/useSimulation.ts';

function dropsOfFlow(shown: Shown, flow: number): number {
  const d = shown.result.trace.drop;
  let n = 0;
  for (let i = 0; i < d.flow.length; i++) if (d.flow[i] === flow && d.isAck[i] === 0) n++;
  return n;
}

export function MetricsTable({ shown }: { shown: Shown }) {
  const { scenario, result } = shown;
  const bottleneck = result.links[0];
  const bottleneckDrops = bottleneck ? Object.values(bottleneck.drops).reduce((a, b) => a + b, 0) : 0;
  return (
    <section className="panel metrics" aria-labelledby="metrics-title">
      <header className="panel-head">
        <h2 id="metrics-title">Metrics</h2>
      </header>
      <table>
        <thead>
          <tr>
            <th scope="col">Flow</th>
            <th scope="col">Variant</th>
            <th scope="col" className="num">Goodput (Mb/s)</th>
            <th scope="col" className="num">Retransmissions</th>
            <th scope="col" className="num">Fast retransmits</th>
            <th scope="col" className="num">Timeouts</th>
            <th scope="col" className="num">Data drops</th>
          </tr>
        </thead>
        <tbody>
          {result.flows.map((f, i) => (
            <tr key={f.id}>
              <th scope="row">{f.id}</th>
              <td>
                <span className="dot" style={{ background: variantColour(f.variant) }} aria-hidden="true" />
                {variantLabel(f.variant)}
              </td>
              <td className="num">{mbps(f.goodputBps)}</td>
              <td className="num">{int(f.retransmissions)}</td>
              <td className="num">{int(f.fastRetransmits)}</td>
              <td className="num">{int(f.timeouts)}</td>
              <td className="num">{int(dropsOfFlow(shown, i))}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <p className="footnote">
        Bottleneck link {bottleneck?.id ?? scenario.path[0].id}: {mbps(scenario.path[0].forward.rateBps)} Mb/s, {int(bottleneckDrops)} drops in total;{' '}
        {int(result.sim.events)} events simulated for {result.sim.simTimeS.toFixed(0)} s, seed {result.sim.seed}, in {int(shown.wallMs)} ms. Trace
        fingerprint{' '}
        <code data-testid="trace-hash" title="Same scenario and seed give the same fingerprint on any machine">
          {result.traceHash}
        </code>
        .
        {result.stoppedEarly ? ' Stopped early at the event cap: the run is incomplete.' : ''}
      </p>
    </section>
  );
}
