import type { ChartElement } from './pptx-model';

const FONT = '"Noto Sans CJK SC", sans-serif';

/**
 * Width of the axis-label gutter left of the plot: wide enough for the longest label at 11 px
 * (CJK and full-width glyphs about 1 em, others about 0.6 em), at least 40 px, at most a third of
 * the chart — a fixed 40 px cut "Category 4" down to "egory 4".
 */
export function labelGutter(labels: readonly string[], chartWidth: number): number {
  const width = (text: string) => [...text].reduce((sum, char) => sum + (/[\u1100-\uffff]/u.test(char) ? 11 : 6.6), 0);
  const longest = Math.max(0, ...labels.map(width));
  return Math.round(Math.max(40, Math.min(longest + 8, chartWidth / 3)));
}

function Legend({ chart, y, width }: { chart: ChartElement; y: number; width: number }) {
  const round = chart.kind === 'pie' || chart.kind === 'doughnut';
  const entries = round ? chart.categories.map((name, i) => ({ name, color: chart.pointColors[i]! })) : chart.series;
  const step = width / Math.max(1, entries.length);
  return (
    <g>
      {entries.map((entry, i) => (
        <g key={i} transform={`translate(${i * step + 8}, ${y})`}>
          <rect width={10} height={10} y={-9} fill={entry.color} />
          <text x={14} fontSize={12} fill="#404040" fontFamily={FONT}>
            {entry.name}
          </text>
        </g>
      ))}
    </g>
  );
}

function Round({ chart, w, h }: { chart: ChartElement; w: number; h: number }) {
  const values = (chart.series[0]?.values ?? []).map((v) => Math.max(0, v ?? 0));
  const total = values.reduce((a, b) => a + b, 0) || 1;
  const r = Math.max(1, Math.min(w, h) / 2 - 8);
  const cx = w / 2;
  const cy = h / 2;
  const starts = values.reduce<number[]>((acc, value) => [...acc, acc[acc.length - 1]! + (value / total) * Math.PI * 2], [-Math.PI / 2]);
  return (
    <g>
      {values.map((value, i) => {
        const from = starts[i]!;
        const to = starts[i + 1]!;
        const sweep = to - from;
        const [x1, y1] = [cx + r * Math.cos(from), cy + r * Math.sin(from)];
        const [x2, y2] = [cx + r * Math.cos(to), cy + r * Math.sin(to)];
        const large = sweep > Math.PI ? 1 : 0;
        const d =
          sweep >= Math.PI * 2 - 1e-6
            ? `M${cx - r},${cy}a${r},${r} 0 1,0 ${2 * r},0a${r},${r} 0 1,0 ${-2 * r},0`
            : `M${cx},${cy}L${x1},${y1}A${r},${r} 0 ${large} 1 ${x2},${y2}Z`;
        return <path key={i} d={d} fill={chart.pointColors[i]} stroke="#fff" strokeWidth={1} />;
      })}
      {chart.kind === 'doughnut' && <circle cx={cx} cy={cy} r={r * 0.5} fill="#fff" />}
    </g>
  );
}

function Axes({ chart, w, h }: { chart: ChartElement; w: number; h: number }) {
  const horizontal = chart.kind === 'bar';
  const count = Math.max(1, ...chart.series.map((s) => s.values.length), chart.categories.length);
  const sums = Array.from({ length: count }, (_, i) => chart.series.reduce((sum, s) => sum + Math.max(0, s.values[i] ?? 0), 0));
  const all = chart.series.flatMap((s) => s.values.filter((v): v is number => v !== null));
  const max = Math.max(chart.stacked ? Math.max(...sums, 0) : Math.max(...all, 0), 1e-9);
  const min = Math.min(0, ...all);
  const ticks = [0, 0.25, 0.5, 0.75, 1].map((f) => min + (max - min) * f);
  const label = (v: number) => String(Math.round(v * 100) / 100);
  const left = labelGutter(horizontal ? chart.categories : ticks.map(label), w);
  const bottom = 22;
  const plotW = Math.max(1, w - left - 8);
  const plotH = Math.max(1, h - bottom - 8);
  const scale = (v: number) => ((v - min) / (max - min)) * (horizontal ? plotW : plotH);
  const band = (horizontal ? plotH : plotW) / count;
  const bars: React.ReactNode[] = [];
  const isBar = chart.kind === 'column' || chart.kind === 'bar';
  chart.series.forEach((series, s) => {
    if (isBar) {
      series.values.forEach((value, i) => {
        if (value === null) return;
        const stackedBase = chart.stacked ? chart.series.slice(0, s).reduce((sum, other) => sum + Math.max(0, other.values[i] ?? 0), 0) : 0;
        const thickness = chart.stacked ? band * 0.6 : (band * 0.8) / chart.series.length;
        const offset = chart.stacked ? band * 0.2 : band * 0.1 + thickness * s;
        const start = scale(stackedBase + Math.min(0, value));
        const length = scale(stackedBase + Math.max(0, value)) - start;
        bars.push(
          horizontal ? (
            <rect
              key={`${s}-${i}`}
              x={left + start}
              y={8 + plotH - (i + 1) * band + offset}
              width={length}
              height={thickness}
              fill={series.color}
            />
          ) : (
            <rect
              key={`${s}-${i}`}
              x={left + i * band + offset}
              y={8 + plotH - start - length}
              width={thickness}
              height={length}
              fill={series.color}
            />
          ),
        );
      });
    } else {
      const points = series.values
        .map((value, i) => (value === null ? undefined : `${left + (i + 0.5) * band},${8 + plotH - scale(value)}`))
        .filter((p): p is string => p !== undefined);
      if (chart.kind === 'area' && points.length) {
        bars.push(
          <polygon
            key={`a${s}`}
            points={`${left + 0.5 * band},${8 + plotH} ${points.join(' ')} ${left + (count - 0.5) * band},${8 + plotH}`}
            fill={series.color}
            opacity={0.7}
          />,
        );
      } else if (chart.kind === 'scatter') {
        points.forEach((p, i) =>
          bars.push(<circle key={`${s}-${i}`} cx={Number(p.split(',')[0])} cy={Number(p.split(',')[1])} r={4} fill={series.color} />),
        );
      } else {
        bars.push(<polyline key={`l${s}`} points={points.join(' ')} fill="none" stroke={series.color} strokeWidth={2.5} />);
      }
    }
  });
  return (
    <g fontFamily={FONT} fontSize={11} fill="#595959">
      {ticks.map((v, i) =>
        horizontal ? (
          <g key={i}>
            <line x1={left + scale(v)} x2={left + scale(v)} y1={8} y2={8 + plotH} stroke="#d9d9d9" />
            <text x={left + scale(v)} y={h - 6} textAnchor="middle">
              {label(v)}
            </text>
          </g>
        ) : (
          <g key={i}>
            <line x1={left} x2={left + plotW} y1={8 + plotH - scale(v)} y2={8 + plotH - scale(v)} stroke="#d9d9d9" />
            <text x={left - 4} y={8 + plotH - scale(v) + 4} textAnchor="end">
              {label(v)}
            </text>
          </g>
        ),
      )}
      {bars}
      {chart.categories.map((name, i) =>
        horizontal ? (
          <text key={i} x={left - 4} y={8 + plotH - (i + 0.5) * band + 4} textAnchor="end">
            {name}
          </text>
        ) : (
          <text key={i} x={left + (i + 0.5) * band} y={h - 6} textAnchor="middle">
            {name}
          </text>
        ),
      )}
    </g>
  );
}

/** A chart drawn from its cached values: bars, lines, areas, points or slices, with its title and a legend as real text. */
export function ChartView({ chart }: { chart: ChartElement }) {
  const { w, h } = chart.box;
  const titleH = chart.title ? 30 : 0;
  const legendH = 24;
  const plotH = Math.max(1, h - titleH - legendH);
  const round = chart.kind === 'pie' || chart.kind === 'doughnut';
  return (
    <svg
      width={w}
      height={h}
      viewBox={`0 0 ${w} ${h}`}
      role="img"
      aria-label={chart.title ?? chart.series.map((s) => s.name).join(', ')}
      style={{ display: 'block', background: '#fff' }}
    >
      {chart.title && (
        <text x={w / 2} y={22} textAnchor="middle" fontSize={18} fill="#404040" fontFamily={FONT}>
          {chart.title}
        </text>
      )}
      <g transform={`translate(0, ${titleH})`}>
        {round ? <Round chart={chart} w={w} h={plotH} /> : <Axes chart={chart} w={w} h={plotH} />}
      </g>
      <Legend chart={chart} y={h - 8} width={w} />
    </svg>
  );
}
