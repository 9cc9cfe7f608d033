/**
 * Stripe's documented test cards (https://docs.stripe.com/testing) and what each does here as
 * there. A card that needs authentication asks for it on a payment the customer is present for;
 * `3155` needs it once and is then trusted off-session, `3184` always needs it (off-session it
 * fails with `authentication_required`). `0341` attaches and is declined when charged.
 */
export type Decline = { code: string; decline_code?: string; message: string };

export type CardBehavior = {
  brand: 'visa' | 'mastercard' | 'amex';
  /** What a charge does. */
  charge: 'succeed' | 'decline' | 'authenticate_once' | 'authenticate_always';
  decline?: Decline;
  /** Declined when saved (setup) too, not only when charged. */
  declineOnSetup?: boolean;
};

export const DECLINED: Decline = {
  code: 'card_declined',
  decline_code: 'generic_decline',
  message: 'Your card was declined.',
};
export const INSUFFICIENT_FUNDS: Decline = {
  code: 'card_declined',
  decline_code: 'insufficient_funds',
  message: 'Your card has insufficient funds.',
};
const LIVE_CARD: Decline = {
  code: 'card_declined',
  decline_code: 'test_mode_live_card',
  message:
    'Your card was declined. Your request was in test mode, but used a non test (live) card. For a list of valid test cards, visit: https://stripe.com/docs/testing.',
};
export const INCORRECT_NUMBER: Decline = {
  code: 'incorrect_number',
  message: 'Your card number is incorrect.',
};
export const AUTHENTICATION_REQUIRED: Decline = {
  code: 'authentication_required',
  decline_code: 'authentication_required',
  message: 'Your card was declined. This transaction requires authentication.',
};

export const TEST_CARDS: Record<string, CardBehavior> = {
  '4242424242424242': { brand: 'visa', charge: 'succeed' },
  '4000056655665556': { brand: 'visa', charge: 'succeed' },
  '5555555555554444': { brand: 'mastercard', charge: 'succeed' },
  '378282246310005': { brand: 'amex', charge: 'succeed' },
  '4000000000000002': { brand: 'visa', charge: 'decline', decline: DECLINED, declineOnSetup: true },
  '4000000000009995': {
    brand: 'visa',
    charge: 'decline',
    decline: INSUFFICIENT_FUNDS,
    declineOnSetup: true,
  },
  '4000000000009987': {
    brand: 'visa',
    charge: 'decline',
    decline: {
      code: 'card_declined',
      decline_code: 'lost_card',
      message: 'Your card was declined.',
    },
    declineOnSetup: true,
  },
  '4000000000000069': {
    brand: 'visa',
    charge: 'decline',
    decline: { code: 'expired_card', message: 'Your card has expired.' },
    declineOnSetup: true,
  },
  '4000000000000127': {
    brand: 'visa',
    charge: 'decline',
    decline: { code: 'incorrect_cvc', message: "Your card's security code is incorrect." },
    declineOnSetup: true,
  },
  '4000000000000341': { brand: 'visa', charge: 'decline', decline: DECLINED },
  '4000002500003155': { brand: 'visa', charge: 'authenticate_once' },
  '4000002760003184': { brand: 'visa', charge: 'authenticate_always' },
};

/** Stripe's test PaymentMethod ids, usable wherever a PaymentMethod id is. */
export const TEST_PAYMENT_METHODS: Record<string, string> = {
  pm_card_visa: '4242424242424242',
  pm_card_mastercard: '5555555555554444',
  pm_card_amex: '378282246310005',
  pm_card_chargeDeclined: '4000000000000002',
  pm_card_chargeDeclinedInsufficientFunds: '4000000000009995',
  pm_card_chargeCustomerFail: '4000000000000341',
  pm_card_authenticationRequiredOnSetup: '4000002500003155',
  pm_card_authenticationRequired: '4000002760003184',
};

function luhn(number: string): boolean {
  let sum = 0;
  for (let i = 0; i < number.length; i++) {
    let digit = Number(number[number.length - 1 - i]);
    if (i % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum % 10 === 0;
}

/** A typed card number: its behaviour, or why it cannot be used at all. */
export function cardFor(number: string): CardBehavior | { refused: Decline } {
  const digits = number.replace(/[\s-]/g, '');
  if (!/^\d{13,19}$/.test(digits) || !luhn(digits)) return { refused: INCORRECT_NUMBER };
  return TEST_CARDS[digits] ?? { refused: LIVE_CARD };
}
