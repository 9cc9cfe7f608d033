import {
  can,
  dateTimeFormat,
  describeWeatherReason,
  WEATHER_OFFER_STATE_LABELS,
  type WeatherRisk,
  weatherDay,
} from '@tentpole/domain';
import { CloudLightning, RefreshCw, Send } from 'lucide-react';
import { toast } from 'sonner';
import { useAuthenticatedSession } from '@/app/providers/authenticated-session';
import { AppLink } from '@/components/app-link';
import { LoadingRows } from '@/components/query-state/loading-rows';
import { QueryError } from '@/components/query-state/query-error';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { useAccountFormat } from '@/lib/account-format';
import { cn } from '@/lib/cn';
import {
  useApplyWeatherChoice,
  useCheckWeather,
  useTextWeatherOptions,
  useWeatherBoard,
} from '../api/weather-api';
import { WeatherPolicyForm } from './weather-policy-form';

const hour = (iso: string, timeZone: string, locale: string) =>
  dateTimeFormat(locale, { timeZone, hour: 'numeric', minute: '2-digit' }).format(new Date(iso));

/** The orders a customer has not been texted about yet (and can still be: booked, upcoming). */
const untexted = (risks: readonly WeatherRisk[]) =>
  risks.filter((r) => r.offer === null && ['reserved', 'confirmed'].includes(r.status));

const STATE_TONE: Record<string, string> = {
  pending: 'bg-amber-100 text-amber-900',
  applying: 'bg-amber-100 text-amber-900',
  kept: 'bg-emerald-100 text-emerald-900',
  moved: 'bg-emerald-100 text-emerald-900',
  credited: 'bg-sky-100 text-sky-900',
  not_sent: 'bg-muted text-foreground',
  move_failed: 'bg-red-100 text-red-900',
};

/** Issue 24 item 6: the orders the forecast puts at risk, the bulk text and each reply. */
export function WeatherBoard() {
  const { locale, money } = useAccountFormat();
  const { user } = useAuthenticatedSession();
  const canEdit = can(user.roles, 'delivery.write');
  const board = useWeatherBoard();
  const check = useCheckWeather();
  const text = useTextWeatherOptions();
  const choose = useApplyWeatherChoice();

  const runCheck = () =>
    check.mutate(undefined, {
      onSuccess: (r) =>
        toast.success(
          `Checked ${r.checkedOrders} ${r.checkedOrders === 1 ? 'order' : 'orders'}: ${r.flagged} at risk${r.skipped ? `, ${r.skipped} could not be checked` : ''}.`,
        ),
      onError: (error) => toast.error(error.message),
    });

  const toText = board.data ? untexted(board.data.risks) : [];
  const sendTexts = () =>
    text.mutate(undefined, {
      onSuccess: (r) =>
        toast.success(
          `Texted ${r.texted} ${r.texted === 1 ? 'customer' : 'customers'}${r.notSent ? `; ${r.notSent} could not be texted` : ''}.`,
        ),
      onError: (error) => toast.error(error.message),
    });

  return (
    <div className="grid gap-4">
      <Card>
        <CardHeader>
          <CardTitle className="flex items-center gap-2">
            <CloudLightning aria-hidden="true" className="size-5 text-primary" />
            At-risk parties
          </CardTitle>
          <CardDescription>
            {board.data
              ? board.data.checkedAt
                ? `Last checked ${weatherDay(board.data.checkedAt, board.data.timeZone, locale)} at ${hour(board.data.checkedAt, board.data.timeZone, locale)}: ${board.data.checkedOrders} booked ${board.data.checkedOrders === 1 ? 'delivery' : 'deliveries'} in the next ${board.data.lookaheadHours / 24} days. Checked again at 6 am and 8 pm.`
                : 'Not checked yet. The forecast is checked at 6 am and 8 pm for the next 3 days.'
              : 'The forecast for the next 3 days of deliveries.'}
          </CardDescription>
        </CardHeader>
        <CardContent className="grid gap-4">
          {canEdit ? (
            <div className="flex flex-wrap gap-2">
              <Button variant="outline" onClick={runCheck} disabled={check.isPending}>
                <RefreshCw aria-hidden="true" className={cn(check.isPending && 'animate-spin')} />
                Check now
              </Button>
              <Button onClick={sendTexts} disabled={text.isPending || toText.length === 0}>
                <Send aria-hidden="true" />
                {toText.length === 0
                  ? 'Every flagged customer is texted'
                  : `Text options to ${toText.length} ${toText.length === 1 ? 'customer' : 'customers'}`}
              </Button>
            </div>
          ) : null}
          {board.isPending ? (
            <LoadingRows label="Loading the weather board" rows={3} variant="cards" />
          ) : board.isError ? (
            <QueryError
              variant="panel"
              title="The weather board could not be loaded."
              description="Check your connection and try again."
              onRetry={() => void board.refetch()}
            />
          ) : board.data.risks.length === 0 ? (
            <p className="text-sm text-muted-foreground">
              No party is at risk: every forecast is within the policy.
            </p>
          ) : (
            <ul className="grid gap-3" aria-label="At-risk orders">
              {board.data.risks.map((risk) => {
                const tz = board.data.timeZone;
                const offer = risk.offer;
                const open = offer && ['pending', 'move_failed', 'not_sent'].includes(offer.state);
                return (
                  <li key={risk.orderId} className="grid gap-2 rounded-md border p-3">
                    <div className="flex flex-wrap items-baseline justify-between gap-2">
                      <AppLink
                        url={`/orders/${risk.orderId}`}
                        className="font-medium text-primary underline-offset-4 hover:underline"
                      >
                        #{risk.orderNumber} · {risk.customerName}
                      </AppLink>
                      <span
                        className={cn(
                          'rounded-full px-2 py-0.5 text-xs font-medium',
                          offer ? STATE_TONE[offer.state] : 'bg-muted text-muted-foreground',
                        )}
                      >
                        {offer ? WEATHER_OFFER_STATE_LABELS[offer.state] : 'Not texted yet'}
                      </span>
                    </div>
                    <p className="text-sm">
                      {weatherDay(risk.eventStart, tz, locale)}, {hour(risk.eventStart, tz, locale)}{' '}
                      – {hour(risk.eventEnd, tz, locale)} ·{' '}
                      <span className="wrap-anywhere">{risk.address}</span>
                    </p>
                    <ul
                      className="grid gap-1 text-sm"
                      aria-label={`Why #${risk.orderNumber} is at risk`}
                    >
                      {risk.reasons.map((reason) => (
                        <li key={reason.kind} className="font-medium text-red-800">
                          {describeWeatherReason(reason, tz, locale)}
                        </li>
                      ))}
                    </ul>
                    {offer ? (
                      <p className="text-xs text-muted-foreground">
                        {offer.moveTo
                          ? `Offered: move to ${weatherDay(offer.moveTo, tz, locale)}`
                          : 'No free date to offer'}
                        {offer.creditCents > 0
                          ? ` · rain-check credit ${money(offer.creditCents)}`
                          : ' · nothing paid to credit'}
                        {offer.note ? ` · ${offer.note}` : ''}
                      </p>
                    ) : null}
                    {canEdit && open ? (
                      <fieldset className="flex flex-wrap items-center gap-2">
                        <legend className="sr-only">
                          Apply the answer of #{risk.orderNumber}’s customer
                        </legend>
                        <span className="text-xs text-muted-foreground">Customer called?</span>
                        {(
                          [
                            [1, 'Keep'],
                            [2, 'Move'],
                            [3, 'Rain check'],
                          ] as const
                        ).map(([choice, label]) => (
                          <Button
                            key={choice}
                            size="sm"
                            variant="outline"
                            disabled={choose.isPending || (choice === 2 && !offer?.moveTo)}
                            onClick={() =>
                              choose.mutate(
                                { orderId: risk.orderId, choice },
                                {
                                  onSuccess: (r) => toast.success(r.note ?? 'Applied.'),
                                  onError: (error) => toast.error(error.message),
                                },
                              )
                            }
                          >
                            {label}
                          </Button>
                        ))}
                      </fieldset>
                    ) : null}
                  </li>
                );
              })}
            </ul>
          )}
        </CardContent>
      </Card>
      <WeatherPolicyForm canEdit={canEdit} />
    </div>
  );
}
