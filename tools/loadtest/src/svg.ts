/** Line charts as SVG text, drawn here (no library, no script): for the HTML report. */

export interface Series {
  name: string;
  /** [x, y]; a null y breaks the line. */
  points: [number, number | null][];
}

export interface ChartOptions {
  title: string;
  xLabel: string;
  yLabel: string;
  series: Series[];
  width?: number;
  height?: number;
  /** A horizontal line, e.g. a threshold. */
  marker?: { value: number; label: string };
}

const COLOURS = ['#1f77b4', '#d62728', '#2ca02c', '#ff7f0e', '#9467bd', '#8c564b', '#e377c2', '#17becf', '#7f7f7f', '#bcbd22'];

export function escapeXml(text: string): string {
  return text.replace(/[<>&"']/g, (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', '"': '&quot;', "'": '&apos;' })[c] ?? c);
}

/** A round upper bound for an axis: 1, 2, 5 × 10^n at or above `max`. */
export function niceMax(max: number): number {
  if (!(max > 0)) return 1;
  const power = 10 ** Math.floor(Math.log10(max));
  for (const step of [1, 2, 5, 10]) if (step * power >= max) return step * power;
  return 10 * power;
}

const fmt = (v: number) => (Number.isInteger(v) ? String(v) : v.toFixed(Math.abs(v) < 10 ? 2 : 1));

/** The polyline segments of a series (split at null), in chart coordinates. */
export function segments(points: Series['points'], x: (v: number) => number, y: (v: number) => number): string[] {
  const out: string[] = [];
  let current: string[] = [];
  for (const [px, py] of points) {
    if (py === null || !Number.isFinite(py)) {
      if (current.length) out.push(current.join(' '));
      current = [];
      continue;
    }
    current.push(`${x(px).toFixed(1)},${y(py).toFixed(1)}`);
  }
  if (current.length) out.push(current.join(' '));
  return out;
}

export function lineChart(options: ChartOptions): string {
  const width = options.width ?? 720;
  const height = options.height ?? 260;
  const m = { left: 56, right: 150, top: 28, bottom: 40 };
  const plotW = width - m.left - m.right;
  const plotH = height - m.top - m.bottom;
  const xs = options.series.flatMap((s) => s.points.map(([px]) => px));
  const ys = options.series.flatMap((s) => s.points.flatMap(([, py]) => (py === null || !Number.isFinite(py) ? [] : [py])));
  const xMax = Math.max(1, ...xs);
  const yMax = niceMax(Math.max(0, ...ys, options.marker?.value ?? 0));
  const x = (v: number) => m.left + (v / xMax) * plotW;
  const y = (v: number) => m.top + plotH - (v / yMax) * plotH;
  const parts: string[] = [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" role="img" aria-label="${escapeXml(options.title)}">`,
    `<title>${escapeXml(options.title)}</title>`,
    `<text x="${m.left}" y="16" font-size="13" font-weight="bold">${escapeXml(options.title)}</text>`,
    `<rect x="${m.left}" y="${m.top}" width="${plotW}" height="${plotH}" fill="none" stroke="#999"/>`,
  ];
  for (let i = 0; i <= 4; i++) {
    const v = (yMax * i) / 4;
    parts.push(
      `<line x1="${m.left}" x2="${m.left + plotW}" y1="${y(v).toFixed(1)}" y2="${y(v).toFixed(1)}" stroke="#eee"/>`,
      `<text x="${m.left - 6}" y="${(y(v) + 4).toFixed(1)}" font-size="10" text-anchor="end">${fmt(v)}</text>`,
    );
  }
  const xStep = Math.max(1, Math.ceil(xMax / 10));
  for (let v = 0; v <= xMax; v += xStep) {
    parts.push(`<text x="${x(v).toFixed(1)}" y="${m.top + plotH + 14}" font-size="10" text-anchor="middle">${v}</text>`);
  }
  parts.push(
    `<text x="${m.left + plotW / 2}" y="${height - 6}" font-size="11" text-anchor="middle">${escapeXml(options.xLabel)}</text>`,
    `<text x="12" y="${m.top + plotH / 2}" font-size="11" text-anchor="middle" transform="rotate(-90 12 ${m.top + plotH / 2})">${escapeXml(options.yLabel)}</text>`,
  );
  if (options.marker) {
    const my = y(options.marker.value).toFixed(1);
    parts.push(
      `<line class="marker" x1="${m.left}" x2="${m.left + plotW}" y1="${my}" y2="${my}" stroke="#000" stroke-dasharray="4 3"/>`,
      `<text x="${m.left + plotW - 4}" y="${(Number(my) - 4).toFixed(1)}" font-size="10" text-anchor="end">${escapeXml(options.marker.label)}</text>`,
    );
  }
  options.series.forEach((s, i) => {
    const colour = COLOURS[i % COLOURS.length];
    for (const line of segments(s.points, x, y)) {
      parts.push(`<polyline class="series" data-series="${escapeXml(s.name)}" fill="none" stroke="${colour}" stroke-width="1.5" points="${line}"/>`);
    }
    const ly = m.top + 12 + i * 16;
    parts.push(
      `<line x1="${m.left + plotW + 10}" x2="${m.left + plotW + 26}" y1="${ly - 4}" y2="${ly - 4}" stroke="${colour}" stroke-width="2"/>`,
      `<text x="${m.left + plotW + 30}" y="${ly}" font-size="11">${escapeXml(s.name)}</text>`,
    );
  });
  parts.push('</svg>');
  return parts.join('\n');
}
