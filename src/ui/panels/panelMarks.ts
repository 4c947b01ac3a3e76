/**
 * One choice of drop-mark colours per panel. In small multiples each chart holds one run's
 * lines; when each chart chose for itself, a multiple could keep a cause's own colour while the
 * panel's legend, which weighs every run's line, showed a spare colour for the same cause. So
 * every chart of a panel is given all the panel's line colours (`markLines`), and the legend
 * asks the chart module's own function with the same input.
 */
export function withMarkLines<T extends { markLines?: readonly string[] }>(groups: readonly { key: string; input: T }[], linesOf: (input: T) => readonly string[]): { key: string; input: T }[] {
  const markLines = [...new Set(groups.flatMap((g) => linesOf(g.input)))];
  return groups.map((g) => ({ ...g, input: { ...g.input, markLines } }));
}
