import { dateTimeFormat } from '@tentpole/domain';
import { Bar, BarChart, CartesianGrid, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { useAccountFormat } from '@/lib/account-format';
import type { SalesOverview } from '../api/get-sales-overview';

const monthFormat = (locale: string) => dateTimeFormat(locale, { month: 'short', timeZone: 'UTC' });
const monthYearFormat = (locale: string) =>
  dateTimeFormat(locale, {
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  });

function monthDate(month: string): Date {
  return new Date(`${month}-01T00:00:00Z`);
}

/** The payments per month as bars. Loaded on its own: recharts is the heaviest dependency. */
export default function SalesOverviewChart({ payments }: Pick<SalesOverview, 'payments'>) {
  const { locale, money, moneyWhole } = useAccountFormat();
  return (
    <ResponsiveContainer width="100%" height={300}>
      <BarChart data={payments} margin={{ top: 8, right: 8, bottom: 0, left: 0 }}>
        <CartesianGrid vertical={false} stroke="var(--border)" />
        <XAxis
          dataKey="month"
          tickLine={false}
          axisLine={false}
          fontSize={12}
          stroke="var(--muted-foreground)"
          tickFormatter={(month: string) => monthFormat(locale).format(monthDate(month))}
        />
        <YAxis
          tickLine={false}
          axisLine={false}
          fontSize={12}
          width={64}
          stroke="var(--muted-foreground)"
          tickFormatter={(cents: number) => moneyWhole(cents)}
        />
        <Tooltip
          cursor={{ fill: 'var(--muted)' }}
          contentStyle={{
            borderRadius: 8,
            border: '1px solid var(--border)',
            background: 'var(--popover)',
            fontSize: 12,
          }}
          labelFormatter={(month) => monthYearFormat(locale).format(monthDate(String(month)))}
          formatter={(cents) => [money(Number(cents)), 'Sales']}
        />
        <Bar dataKey="amountCents" fill="var(--primary)" radius={[4, 4, 0, 0]} />
      </BarChart>
    </ResponsiveContainer>
  );
}
