import { useQueryClient } from '@tanstack/react-query';
import {
  CHECKLIST_LABELS,
  type Checklist,
  type ChecklistStep,
  STORE_HOLD_MINUTES,
} from '@tentpole/domain';
import { Circle, CircleCheck, MailWarning, X } from 'lucide-react';
import { useId } from 'react';
import { toast } from 'sonner';
import { AppLink } from '@/components/app-link';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader } from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';
import { usePublishStore } from '@/features/store/api/publish-store';
import { cn } from '@/lib/cn';
import { checklistQueryKey, useDismissChecklist } from '../api/checklist';
import { useResendVerification } from '../api/signup';

/** Where each step is done: the real screen for it. */
const STEP_URLS: Record<Exclude<ChecklistStep, 'store'>, string> = {
  products: '/products/new',
  hours: '/schedule',
  phone: '/account?tab=voice',
  team: '/staff',
};

/** The checklist: progress, the e-mail reminder, each step with the way to its screen. */
export function ChecklistCard({ checklist }: { checklist: Checklist }) {
  const headingId = useId();
  const dismiss = useDismissChecklist();
  const doneCount = checklist.steps.filter((s) => s.done).length;
  const total = checklist.steps.length;
  return (
    <section aria-labelledby={headingId}>
      <Card className="gap-4">
        <CardHeader className="flex flex-row items-start justify-between gap-3">
          <div className="grid min-w-0 gap-1">
            <h2 id={headingId} className="text-lg leading-tight font-semibold">
              Get ready for your first booking
            </h2>
            <CardDescription>
              {doneCount === total
                ? 'All set. You can dismiss this checklist.'
                : `${doneCount} of ${total} done.`}
            </CardDescription>
            <div
              role="progressbar"
              aria-label="Checklist progress"
              aria-valuemin={0}
              aria-valuemax={total}
              aria-valuenow={doneCount}
              className="mt-1 h-1.5 w-full max-w-xs overflow-hidden rounded-full bg-muted"
            >
              <div
                className="h-full rounded-full bg-emerald-600"
                style={{ width: `${(doneCount / total) * 100}%` }}
              />
            </div>
          </div>
          <Button
            variant="ghost"
            size="icon"
            aria-label="Dismiss the checklist"
            disabled={dismiss.isPending}
            onClick={() =>
              dismiss.mutate(undefined, { onError: (error) => toast.error(error.message) })
            }
          >
            {dismiss.isPending ? <Spinner /> : <X aria-hidden="true" />}
          </Button>
        </CardHeader>
        <CardContent className="grid gap-4">
          {!checklist.emailVerified && <VerifyReminder email={checklist.email} />}
          <ol className="grid gap-2">
            {checklist.steps.map(({ step, done }) => (
              <li
                key={step}
                className={cn(
                  'flex flex-col gap-3 rounded-lg border p-3 sm:flex-row sm:items-center',
                  done && 'bg-muted/40',
                )}
              >
                <div className="flex min-w-0 flex-1 items-start gap-3">
                  {done ? (
                    <CircleCheck
                      aria-hidden="true"
                      className="mt-0.5 size-5 shrink-0 text-emerald-600"
                    />
                  ) : (
                    <Circle
                      aria-hidden="true"
                      className="mt-0.5 size-5 shrink-0 text-muted-foreground"
                    />
                  )}
                  <div className="grid min-w-0 gap-0.5">
                    <p className={cn('font-medium', done && 'text-muted-foreground line-through')}>
                      {CHECKLIST_LABELS[step].title}
                      <span className="sr-only">{done ? ' (done)' : ' (to do)'}</span>
                    </p>
                    <p className="text-sm text-muted-foreground wrap-anywhere">
                      {CHECKLIST_LABELS[step].detail}
                      {step === 'store' && checklist.storeSlug && (
                        <>
                          {' '}
                          {done ? 'Live at' : 'It goes live at'}{' '}
                          <span className="font-medium text-foreground">
                            /s/{checklist.storeSlug}
                          </span>
                          .
                        </>
                      )}
                    </p>
                  </div>
                </div>
                <div className="sm:shrink-0">
                  {step === 'store' ? (
                    <StoreAction done={done} slug={checklist.storeSlug} />
                  ) : (
                    !done && (
                      <Button asChild variant="outline" size="sm" className="w-full sm:w-auto">
                        <AppLink url={STEP_URLS[step]}>{CHECKLIST_LABELS[step].action}</AppLink>
                      </Button>
                    )
                  )}
                </div>
              </li>
            ))}
          </ol>
        </CardContent>
      </Card>
    </section>
  );
}

function VerifyReminder({ email }: { email: string }) {
  const resend = useResendVerification();
  return (
    <div className="flex flex-col gap-3 rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950 sm:flex-row sm:items-center dark:border-amber-800 dark:bg-amber-950/40 dark:text-amber-100">
      <div className="flex min-w-0 flex-1 items-start gap-2.5">
        <MailWarning aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
        <p className="min-w-0 wrap-anywhere">
          Confirm your e-mail: we sent a link to <strong>{email}</strong>.
        </p>
      </div>
      <Button
        variant="outline"
        size="sm"
        className="w-full bg-background sm:w-auto"
        disabled={resend.isPending}
        onClick={() =>
          resend.mutate(undefined, {
            onSuccess: ({ sentTo }) => toast.success(`We sent a new link to ${sentTo}.`),
            onError: (error) => toast.error(error.message),
          })
        }
      >
        {resend.isPending && <Spinner />}
        Send the link again
      </Button>
    </div>
  );
}

function StoreAction({ done, slug }: { done: boolean; slug: string | null }) {
  const publish = usePublishStore();
  const queryClient = useQueryClient();
  if (!slug) return null;
  if (done) {
    return (
      <Button asChild variant="outline" size="sm" className="w-full sm:w-auto">
        <a href={`/s/${slug}`} target="_blank" rel="noreferrer">
          Open your store
        </a>
      </Button>
    );
  }
  return (
    <Button
      variant="outline"
      size="sm"
      className="w-full sm:w-auto"
      disabled={publish.isPending}
      onClick={() =>
        publish.mutate(
          { slug, holdMinutes: STORE_HOLD_MINUTES.default },
          {
            onSuccess: async ({ url }) => {
              toast.success(`Your store is live at ${url}`);
              await queryClient.invalidateQueries({ queryKey: checklistQueryKey });
            },
            onError: (error) => toast.error(error.message),
          },
        )
      }
    >
      {publish.isPending && <Spinner />}
      {CHECKLIST_LABELS.store.action}
    </Button>
  );
}
