import type { ReportChart as ReportChartData } from '@tentpole/domain';
import {
  Bar,
  BarChart,
  CartesianGrid,
  Legend,
  Line,
  LineChart,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts';
import { useAccountFormat } from '@/lib/account-format';
import { pointLabel } from '../lib/describe-chart';
import { formatAxisTick, formatReportValue } from '../lib/format-report-value';

/** One colour a series, the brand's first; each readable on the card in light and dark. */
const SERIES_COLOURS = [
  'var(--primary)',
  'oklch(0.55 0.09 200)',
  'oklch(0.5 0.06 265)',
  'oklch(0.68 0.14 85)',
  'oklch(0.55 0.13 150)',
];

type ReportChartProps = { chart: ReportChartData; currency: string };

/**
 * The report's chart, one bar (or line) a series. Loaded on its own: recharts is the heaviest
 * dependency. Not focusable: the text alternative and the table beside it carry the numbers.
 */
export default function ReportChart({ chart, currency }: ReportChartProps) {
  const format = useAccountFormat();
  const { locale } = format;
  const data = chart.points.map((point) => ({ label: point.label, ...point.values }));
  const tick = (value: number) => formatAxisTick(value, chart.format, currency, format);
  const Chart = chart.kind === 'line' ? LineChart : BarChart;

  return (
    <ResponsiveContainer width="100%" height={280}>
      <Chart
        data={data}
        margin={{ top: 8, right: 8, bottom: 0, left: 0 }}
        accessibilityLayer={false}
      >
        <CartesianGrid vertical={false} stroke="var(--border)" />
        <XAxis
          dataKey="label"
          tickLine={false}
          axisLine={false}
          fontSize={12}
          stroke="var(--muted-foreground)"
          tickFormatter={(label: string) => pointLabel(label, locale, 'short')}
          minTickGap={12}
        />
        <YAxis
          tickLine={false}
          axisLine={false}
          fontSize={12}
          width={chart.format === 'money' ? 72 : 48}
          stroke="var(--muted-foreground)"
          tickFormatter={tick}
        />
        <Tooltip
          cursor={chart.kind === 'bar' ? { fill: 'var(--muted)' } : undefined}
          contentStyle={{
            borderRadius: 8,
            border: '1px solid var(--border)',
            background: 'var(--popover)',
            fontSize: 12,
          }}
          labelFormatter={(label) => pointLabel(String(label), locale)}
          formatter={(value) => formatReportValue(Number(value), chart.format, currency, format)}
        />
        {chart.series.length > 1 && <Legend wrapperStyle={{ fontSize: 12 }} />}
        {chart.series.map((series, index) => {
          const colour = SERIES_COLOURS[index % SERIES_COLOURS.length];
          return chart.kind === 'line' ? (
            <Line
              key={series.key}
              dataKey={series.key}
              name={series.label}
              stroke={colour}
              strokeWidth={2}
              dot={false}
              type="monotone"
            />
          ) : (
            <Bar
              key={series.key}
              dataKey={series.key}
              name={series.label}
              fill={colour}
              radius={[4, 4, 0, 0]}
            />
          );
        })}
      </Chart>
    </ResponsiveContainer>
  );
}
