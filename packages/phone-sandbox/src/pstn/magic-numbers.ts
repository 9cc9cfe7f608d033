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
  | 'not-sms-capable';

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
