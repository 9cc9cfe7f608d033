import { useQueryClient } from '@tanstack/react-query';
import { hasPhoneService } from '@tentpole/domain';
import {
  createContext,
  type ReactNode,
  useContext,
  useEffect,
  useState,
  useSyncExternalStore,
} from 'react';
import { toast } from 'sonner';
import { useAuthenticatedSession } from '@/app/providers/authenticated-session';
import { useInstrumentation } from '@/app/providers/instrumentation-provider';
import { callLogQueryKey, getCallLog } from '../api/get-call-log';
import { usePhoneInfo } from '../api/get-phone-info';
import { getVoiceOptions } from '../api/get-voice-options';
import { getVoiceToken } from '../api/get-voice-token';
import { deviceOptions } from '../lib/device-options';
import { loadVoiceSdk } from '../lib/load-voice-sdk';
import { PHONE_OFF, type PhoneSnapshot } from '../lib/phone-snapshot';
import type { VoiceErrorLike } from '../lib/voice-errors';
import type { VoicePhone } from '../lib/voice-phone';

/** The running phone; provided by VoicePhoneProvider (tests provide their own). */
export const VoicePhoneContext = createContext<VoicePhone | null>(null);

const OUTCOME_LOOKUPS = 3;
const OUTCOME_RETRY_MS = 1_000;
const CLOCK_SKEW_MS = 60_000;

/**
 * How this person's unanswered browser call to `to` ended, read from the call log (the
 * server records the Dial's outcome before it ends the browser's leg).
 */
async function unansweredOutcome(
  userId: string,
  to: string,
  placedAt: number,
): Promise<string | null> {
  for (let attempt = 0; attempt < OUTCOME_LOOKUPS; attempt++) {
    if (attempt > 0) await new Promise((resolve) => setTimeout(resolve, OUTCOME_RETRY_MS));
    const calls = await getCallLog('outbound');
    const entry = calls.find(
      (call) =>
        call.via === 'browser' &&
        call.counterpartNumber === to &&
        call.placedBy?.userId === userId &&
        Date.parse(call.startedAt) >= placedAt - CLOCK_SKEW_MS,
    );
    if (entry && !['queued', 'ringing', 'in-progress'].includes(entry.status)) {
      const { unansweredCallMessage } = await import('../lib/voice-errors');
      return unansweredCallMessage(entry.status);
    }
  }
  return null;
}

/** The browser phone while the signed-in account has phone service (spec §1, §6). */
export function VoicePhoneProvider({ children }: { children: ReactNode }) {
  const { user } = useAuthenticatedSession();
  const phoneInfo = usePhoneInfo();
  const enabled = hasPhoneService(phoneInfo.data);
  const { errors } = useInstrumentation();
  const queryClient = useQueryClient();
  const [phone, setPhone] = useState<VoicePhone | null>(null);
  const accountId = user.accountId;
  const userId = user.id;

  // The Device is an outside system: it lives while the account has phone service, and a
  // new one is made for another account (its token names the account).
  // The phone itself loads with the account's phone service, beside the SDK: an account
  // without it, and a first visit, never download it.
  useEffect(() => {
    if (!enabled || !accountId) return;
    let created: VoicePhone | null = null;
    let unsubscribe = () => {};
    let ended = false;
    void import('../lib/voice-phone').then(({ VoicePhone }) => {
      if (ended) return;
      const running = new VoicePhone({
        fetchToken: () => getVoiceToken(errors),
        async createDevice(token) {
          const config = await getVoiceOptions();
          const sdk = await loadVoiceSdk(config);
          return new sdk.Device(token, deviceOptions(sdk, config));
        },
        notify: (message) => toast.error(message),
        explainUnanswered: (to, placedAt) => unansweredOutcome(userId, to, placedAt),
        log(message, error) {
          const { code, message: detail } = (error ?? {}) as VoiceErrorLike & object;
          console.warn(`${message} (${code ?? 'no code'}): ${detail ?? String(error)}`);
          errors.captureException(error, { message });
        },
      });
      created = running;
      setPhone(running);
      void running.start();
      // A call that ends belongs in the call log at once.
      let hadCall = false;
      unsubscribe = running.subscribe(() => {
        const { active, incoming } = running.getSnapshot();
        const hasCall = active !== null || incoming !== null;
        if (hadCall && !hasCall) void queryClient.invalidateQueries({ queryKey: callLogQueryKey });
        hadCall = hasCall;
      });
    });
    return () => {
      ended = true;
      unsubscribe();
      created?.stop();
      setPhone(null);
    };
  }, [enabled, accountId, userId, errors, queryClient]);

  return <VoicePhoneContext value={phone}>{children}</VoicePhoneContext>;
}

const noSubscription = () => () => {};
const offSnapshot = () => PHONE_OFF;

/** The phone (null without phone service) and what it shows now. */
export function useVoicePhone(): { phone: VoicePhone | null; snapshot: PhoneSnapshot } {
  const phone = useContext(VoicePhoneContext);
  const snapshot = useSyncExternalStore(
    phone?.subscribe ?? noSubscription,
    phone?.getSnapshot ?? offSnapshot,
  );
  return { phone, snapshot };
}
