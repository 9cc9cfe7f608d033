/**
 * How a simulated phone number behaves when the sandbox rings it or texts it. Magic numbers
 * follow Twilio's test-credential numbers (+1 500 555 xxxx); the control API can set any
 * number's behaviour.
 */
export type VoiceBehavior = 'answer' | 'busy' | 'no-answer' | 'decline' | 'invalid';

export type SmsBehavior =
  | 'deliver'
  | 'invalid'
  | 'cannot-route'
  | 'no-international'
  | 'unsubscribed'
  | 'not-sms-capable'
  // Accepted by the REST API, then not delivered (status callbacks carry ErrorCode/ErrorMessage).
  | 'unreachable'
  | 'blocked'
  | 'unknown-handset'
  | 'landline'
  | 'filtered'
  | 'unknown-error';

export const SMS_BEHAVIORS: readonly SmsBehavior[] = [
  'deliver',
  'invalid',
  'cannot-route',
  'no-international',
  'unsubscribed',
  'not-sms-capable',
  'unreachable',
  'blocked',
  'unknown-handset',
  'landline',
  'filtered',
  'unknown-error',
];

/** How a text the REST API accepted ends for a number with one of the failing SMS behaviours. */
export interface SmsDeliveryFailure {
  status: 'undelivered' | 'failed';
  errorCode: number;
  /** The error's title on twilio.com/docs/api/errors/<code>. */
  errorMessage: string;
}

export const SMS_DELIVERY_FAILURES: Readonly<Partial<Record<SmsBehavior, SmsDeliveryFailure>>> = {
  unreachable: {
    status: 'undelivered',
    errorCode: 30003,
    errorMessage: 'Unreachable destination handset',
  },
  blocked: { status: 'undelivered', errorCode: 30004, errorMessage: 'Message blocked' },
  'unknown-handset': {
    status: 'undelivered',
    errorCode: 30005,
    errorMessage: 'Unknown destination handset',
  },
  landline: { status: 'failed', errorCode: 30006, errorMessage: 'Landline or unreachable carrier' },
  filtered: { status: 'failed', errorCode: 30007, errorMessage: 'Message filtered' },
  'unknown-error': { status: 'undelivered', errorCode: 30008, errorMessage: 'Unknown error' },
};

export interface NumberBehavior {
  voice: VoiceBehavior;
  sms: SmsBehavior;
}

export const MAGIC_NUMBERS: Readonly<Record<string, NumberBehavior>> = {
  '+15005550001': { voice: 'invalid', sms: 'invalid' },
  '+15005550002': { voice: 'invalid', sms: 'cannot-route' },
  '+15005550003': { voice: 'answer', sms: 'no-international' },
  '+15005550004': { voice: 'answer', sms: 'unsubscribed' },
  '+15005550009': { voice: 'answer', sms: 'not-sms-capable' },
  '+15005550010': { voice: 'busy', sms: 'deliver' },
  '+15005550011': { voice: 'no-answer', sms: 'deliver' },
  '+15005550012': { voice: 'decline', sms: 'deliver' },
  '+15005550013': { voice: 'answer', sms: 'deliver' },
  // Sandbox-only: texts the REST API accepts and the carrier then fails (30003-30008).
  '+15005553003': { voice: 'answer', sms: 'unreachable' },
  '+15005553004': { voice: 'answer', sms: 'blocked' },
  '+15005553005': { voice: 'answer', sms: 'unknown-handset' },
  '+15005553006': { voice: 'answer', sms: 'landline' },
  '+15005553007': { voice: 'answer', sms: 'filtered' },
  '+15005553008': { voice: 'answer', sms: 'unknown-error' },
};

/** A `From` Twilio's test credentials accept without owning it. */
export const MAGIC_VALID_FROM = '+15005550006';

const E164 = /^\+[1-9]\d{6,14}$/;

export function isE164(value: string): boolean {
  return E164.test(value);
}

export class NumberBehaviors {
  private readonly overrides = new Map<string, Partial<NumberBehavior>>();

  get(number: string): NumberBehavior {
    const base = MAGIC_NUMBERS[number] ?? { voice: 'answer', sms: 'deliver' };
    return { ...base, ...this.overrides.get(number) };
  }

  set(number: string, behavior: Partial<NumberBehavior>): void {
    this.overrides.set(number, { ...this.overrides.get(number), ...behavior });
  }

  reset(): void {
    this.overrides.clear();
  }
}
