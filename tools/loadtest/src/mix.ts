/**
 * Each scenario's share of the arrivals: `--mix browse=60,register=10,documents=30`. Shares are
 * weights (they need not add up to 100); `share()` answers them as percentages. The picker is
 * deterministic (smooth weighted round-robin): over any window of N arrivals each scenario gets
 * its share to within one request, so a short run still has every scenario in it.
 */
export type Mix = Map<string, number>;

export class MixError extends Error {
  override name = 'MixError';
}

export function parseMix(text: string, known: readonly string[]): Mix {
  const mix: Mix = new Map();
  for (const part of text
    .split(',')
    .map((p) => p.trim())
    .filter(Boolean)) {
    const match = /^([a-z][a-z0-9-]*)=(\d+(?:\.\d+)?)$/.exec(part);
    if (!match) throw new MixError(`--mix: '${part}' is not name=weight`);
    const [, name = '', weight] = match;
    if (!known.includes(name)) throw new MixError(`--mix: unknown scenario '${name}' (known: ${known.join(', ')})`);
    if (mix.has(name)) throw new MixError(`--mix: '${name}' given twice`);
    const value = Number(weight);
    if (value > 0) mix.set(name, value);
  }
  if (mix.size === 0) throw new MixError('--mix: no scenario with a weight above 0');
  return mix;
}

/** Equal shares for a list of scenarios. */
export const equalMix = (names: readonly string[]): Mix => new Map(names.map((n) => [n, 1]));

/** Shares in percent, rounded to 0.1. */
export function shares(mix: Mix): Record<string, number> {
  const total = [...mix.values()].reduce((a, b) => a + b, 0);
  return Object.fromEntries([...mix].map(([name, w]) => [name, Math.round((1000 * w) / total) / 10]));
}

/** Answers the next scenario name in proportion to the weights (smooth weighted round-robin). */
export function mixPicker(mix: Mix): () => string {
  const entries = [...mix].map(([name, weight]) => ({ name, weight, current: 0 }));
  const total = entries.reduce((a, e) => a + e.weight, 0);
  const first = entries[0];
  if (!first || total <= 0) throw new MixError('an empty mix');
  return () => {
    let best = first;
    for (const e of entries) {
      e.current += e.weight;
      if (e.current > best.current) best = e;
    }
    best.current -= total;
    return best.name;
  };
}
