import type { CallQualityGrade } from '@tentpole/domain';
import { callQualityGrade } from '@tentpole/domain';
import type { PreflightTest } from '@twilio/voice-sdk';
import { Activity, CheckCircle2, Loader2, XCircle } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { useInstrumentation } from '@/app/providers/instrumentation-provider';
import { Button } from '@/components/ui/button';
import { cn } from '@/lib/cn';
import { getVoiceOptions } from '../api/get-voice-options';
import { getVoiceToken } from '../api/get-voice-token';
import { QUALITY_LABELS } from '../lib/call-quality';
import { preflightOptions } from '../lib/device-options';
import { loadVoiceSdk } from '../lib/load-voice-sdk';
import { type VoiceErrorLike, voiceErrorMessage } from '../lib/voice-errors';

type Figures = { mos: number; rttMs: number; jitter: number };

/** spec §4: a preflight test has states connecting, connected, completed, failed. */
type TestState =
  | { status: 'idle' }
  | { status: 'connecting' }
  | { status: 'connected' }
  | { status: 'completed'; grade: CallQualityGrade | null; figures: Figures | null }
  | { status: 'failed'; message: string };

const STATUS_TEXT = {
  connecting: 'Connecting…',
  connected: 'Connected: measuring the call…',
  completed: 'Completed',
  failed: 'Failed',
} as const;

function figuresOf(report: PreflightTest.Report): Figures | null {
  const stats = report.stats;
  if (!stats) return null;
  return { mos: stats.mos.average, rttMs: stats.rtt.average, jitter: stats.jitter.average };
}

/**
 * Runs the Voice SDK's preflight (Device.runPreflight with a fresh token): a short test call
 * through the carrier, graded from its average MOS with the domain's rule (spec §4).
 */
export function ConnectionTest() {
  const { errors } = useInstrumentation();
  const [state, setState] = useState<TestState>({ status: 'idle' });
  const running = useRef<PreflightTest | null>(null);

  useEffect(
    () => () => {
      running.current?.stop();
      running.current = null;
    },
    [],
  );

  async function start() {
    setState({ status: 'connecting' });
    try {
      const [token, config] = await Promise.all([getVoiceToken(errors), getVoiceOptions()]);
      const sdk = await loadVoiceSdk(config);
      const test = sdk.Device.runPreflight(token, preflightOptions(sdk, config));
      running.current = test;
      const mine = () => running.current === test;
      test.on('connected', () => {
        if (mine()) setState({ status: 'connected' });
      });
      test.on('completed', (report: PreflightTest.Report) => {
        if (!mine()) return;
        running.current = null;
        const figures = figuresOf(report);
        setState({
          status: 'completed',
          grade: figures ? callQualityGrade(figures.mos) : null,
          figures,
        });
      });
      test.on('failed', (error: VoiceErrorLike) => {
        if (!mine()) return;
        running.current = null;
        setState({ status: 'failed', message: voiceErrorMessage(error) });
      });
    } catch (error) {
      setState({ status: 'failed', message: voiceErrorMessage(error as VoiceErrorLike) });
    }
  }

  function stop() {
    const test = running.current;
    running.current = null;
    test?.stop();
    setState({ status: 'idle' });
  }

  const busy = state.status === 'connecting' || state.status === 'connected';
  return (
    <div className="grid gap-4">
      <div className="flex flex-wrap items-center gap-3">
        {busy ? (
          <Button variant="outline" onClick={stop}>
            Stop test
          </Button>
        ) : (
          <Button onClick={() => void start()}>
            <Activity aria-hidden="true" />
            {state.status === 'idle' ? 'Test connection' : 'Test again'}
          </Button>
        )}
        {state.status !== 'idle' && (
          <p
            role="status"
            className={cn(
              'flex items-center gap-2 text-sm font-medium',
              state.status === 'failed' && 'text-destructive',
              state.status === 'completed' && 'text-emerald-700',
            )}
          >
            {busy && <Loader2 aria-hidden="true" className="size-4 animate-spin" />}
            {state.status === 'completed' && <CheckCircle2 aria-hidden="true" className="size-4" />}
            {state.status === 'failed' && <XCircle aria-hidden="true" className="size-4" />}
            <span data-testid="connection-test-status">{STATUS_TEXT[state.status]}</span>
          </p>
        )}
      </div>
      {state.status === 'failed' && (
        <p className="text-sm text-muted-foreground">{state.message}</p>
      )}
      {state.status === 'completed' && (
        <dl className="grid grid-cols-2 gap-3 sm:grid-cols-4">
          <div className="rounded-lg border p-3">
            <dt className="text-xs text-muted-foreground">Call quality</dt>
            <dd className="text-lg font-semibold" data-testid="connection-test-grade">
              {state.grade ? QUALITY_LABELS[state.grade] : 'Not measured'}
            </dd>
          </div>
          {state.figures && (
            <>
              <div className="rounded-lg border p-3">
                <dt className="text-xs text-muted-foreground">Average MOS</dt>
                <dd className="text-lg font-semibold tabular-nums">
                  {state.figures.mos.toFixed(2)}
                </dd>
              </div>
              <div className="rounded-lg border p-3">
                <dt className="text-xs text-muted-foreground">Round trip</dt>
                <dd className="text-lg font-semibold tabular-nums">
                  {Math.round(state.figures.rttMs)} ms
                </dd>
              </div>
              <div className="rounded-lg border p-3">
                <dt className="text-xs text-muted-foreground">Jitter</dt>
                <dd className="text-lg font-semibold tabular-nums">
                  {state.figures.jitter.toFixed(1)} ms
                </dd>
              </div>
            </>
          )}
        </dl>
      )}
    </div>
  );
}
