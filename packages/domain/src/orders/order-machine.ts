import { ORDER_STATUS_LABELS, type OrderStatus } from './order-status';

/**
 * back-office spec §4: the order state machine. The server checks every move with
 * `checkTransition` (availability for moves into a holding status is its own check, §3) and
 * applies `automaticTransition` after anything that can complete a condition: a signature, a
 * payment, a refund, a return, and the expiry sweep.
 */

const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;

/**
 * How long a hold keeps its stock. §4: staff "hold for customer" 48 h, from the phone 30 min;
 * §10: a store cart by default 30 minutes (the account may choose another).
 */
export const HOLD_DURATION_MS = {
  staff: 48 * HOUR_MS,
  phone: 30 * MINUTE_MS,
  store: 30 * MINUTE_MS,
} as const;

/**
 * The moves the machine allows. Backward moves exist for undoing a step (quote → draft to keep
 * editing, hold → quote to release stock early, reserved → quote when the customer wavers,
 * confirmed → reserved when a condition lapses). A reserved order does not go back to `hold`:
 * that would put an expiry on a booking the customer accepted. "cancelled from any status
 * before out"; `out` and `returned` only move forward; `completed` and `cancelled` are final.
 */
export const ORDER_TRANSITIONS: Readonly<Record<OrderStatus, readonly OrderStatus[]>> = {
  draft: ['quote', 'hold', 'reserved', 'cancelled'],
  quote: ['draft', 'hold', 'reserved', 'cancelled'],
  hold: ['quote', 'reserved', 'confirmed', 'cancelled'],
  reserved: ['quote', 'confirmed', 'cancelled'],
  confirmed: ['reserved', 'out', 'cancelled'],
  out: ['returned'],
  returned: ['completed'],
  completed: [],
  cancelled: [],
};

/** What the server knows about the order and the person moving it. */
export type TransitionContext = {
  /** The current contract is signed. */
  signed: boolean;
  /** The booking deposit due under the account's policy is paid (true when none is due). */
  depositPaid: boolean;
  /** Rental money still due (negative when overpaid); see `orderTotals`. */
  balance: number;
  /** The refundable security deposit is refunded, kept, or was never taken. */
  securityDepositSettled: boolean;
  /** The person holds `order.override`. */
  canOverride: boolean;
  /** The person holds `order.cancel`. */
  canCancel: boolean;
  reason?: string | null;
};

export type TransitionFailureCode = 'invalid_transition' | 'forbidden' | 'reason_required';

export type TransitionResult =
  | { ok: true }
  | {
      ok: false;
      code: TransitionFailureCode;
      message: string;
      /** With `forbidden`: the permission that would allow the move. */
      permission?: 'order.override' | 'order.cancel';
    };

const label = (status: OrderStatus) => ORDER_STATUS_LABELS[status].toLowerCase();

function listOf(statuses: readonly OrderStatus[]): string {
  const names = statuses.map(label);
  if (names.length <= 1) return names.join('');
  return `${names.slice(0, -1).join(', ')} or ${names.at(-1)}`;
}

function invalidMessage(from: OrderStatus, to: OrderStatus): string {
  if (from === to) return `The order is already ${label(from)}.`;
  const allowed = ORDER_TRANSITIONS[from];
  if (allowed.length === 0) return `A ${label(from)} order cannot change status.`;
  if (to === 'cancelled') {
    return `An order cannot be cancelled once it is ${label(from)}; only orders that are not yet out can be.`;
  }
  return `A ${label(from)} order cannot be moved to ${label(to)}; it can move to ${listOf(allowed)}.`;
}

function missingForConfirmation(ctx: TransitionContext): string | null {
  if (!ctx.signed && !ctx.depositPaid)
    return 'the contract is not signed and the booking deposit is not paid';
  if (!ctx.signed) return 'the contract is not signed';
  if (!ctx.depositPaid) return 'the booking deposit is not paid';
  return null;
}

function missingForCompletion(ctx: TransitionContext): string | null {
  const money =
    ctx.balance > 0
      ? 'a balance is still due'
      : ctx.balance < 0
        ? 'it is overpaid (refund the difference first)'
        : null;
  const deposit = ctx.securityDepositSettled
    ? null
    : 'the security deposit is not yet refunded or kept';
  if (money && deposit) return `${money}, and ${deposit}`;
  return money ?? deposit;
}

/**
 * Whether `from → to` may happen now. The checks run in order: the move exists, the person may
 * make it, it has what it needs (a reason, a signature and deposit, a settled balance).
 */
export function checkTransition(
  from: OrderStatus,
  to: OrderStatus,
  ctx: TransitionContext,
): TransitionResult {
  if (!ORDER_TRANSITIONS[from].includes(to)) {
    return { ok: false, code: 'invalid_transition', message: invalidMessage(from, to) };
  }

  if (to === 'cancelled') {
    if (!ctx.canCancel) {
      return {
        ok: false,
        code: 'forbidden',
        message: 'You do not have permission to cancel orders.',
        permission: 'order.cancel',
      };
    }
    if (!ctx.reason?.trim()) {
      return { ok: false, code: 'reason_required', message: 'Give a reason for cancelling.' };
    }
    return { ok: true };
  }

  // §4: "confirmed: automatically when the contract is signed and the booking deposit is paid
  // (per policy); or staff with order.override".
  if (to === 'confirmed') {
    const missing = missingForConfirmation(ctx);
    if (missing && !ctx.canOverride) {
      return {
        ok: false,
        code: 'forbidden',
        message: `The order cannot be confirmed yet: ${missing}. Confirming it anyway needs permission to override.`,
        permission: 'order.override',
      };
    }
    return { ok: true };
  }

  // Taking back a confirmation whose conditions still hold overrides the same rule, and
  // `automaticTransition` would confirm it again at the next payment or signature.
  if (from === 'confirmed' && to === 'reserved') {
    if (!missingForConfirmation(ctx) && !ctx.canOverride) {
      return {
        ok: false,
        code: 'forbidden',
        message:
          'The contract is signed and the booking deposit is paid, so the order stays confirmed. Moving it back needs permission to override.',
        permission: 'order.override',
      };
    }
    return { ok: true };
  }

  // §4: "completed: automatically once returned, the balance is zero and the security
  // deposit is settled". An override does not skip it: it is about money, not stock.
  if (to === 'completed') {
    const missing = missingForCompletion(ctx);
    if (missing) {
      return {
        ok: false,
        code: 'invalid_transition',
        message: `The order cannot be completed while ${missing}.`,
      };
    }
  }

  return { ok: true };
}

export type AutomaticTransitionContext = TransitionContext & {
  holdExpiresAt: number | null;
  now: number;
};

/**
 * The move the order makes on its own, if any (§4): a hold past `holdExpiresAt` returns to
 * quote (an expiry at exactly `now` has passed: the hold covers [start, expiry)); a hold or
 * reserved order that is signed with its deposit paid is confirmed; a returned order with
 * nothing due and its security deposit settled is completed. An expired hold is released even
 * when a payment arrived at the same time: its stock may already be someone else's, so it must
 * be booked again through the availability check.
 */
export function automaticTransition(
  status: OrderStatus,
  ctx: AutomaticTransitionContext,
): OrderStatus | null {
  if (status === 'hold' && ctx.holdExpiresAt !== null && ctx.now >= ctx.holdExpiresAt) {
    return 'quote';
  }
  if ((status === 'hold' || status === 'reserved') && ctx.signed && ctx.depositPaid) {
    return 'confirmed';
  }
  if (status === 'returned' && ctx.balance === 0 && ctx.securityDepositSettled) {
    return 'completed';
  }
  return null;
}
