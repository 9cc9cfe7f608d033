import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  automaticTransition,
  checkTransition,
  HOLD_DURATION_MS,
  ORDER_TRANSITIONS,
  type TransitionContext,
} from './order-machine';
import { ORDER_STATUSES, type OrderStatus } from './order-status';

const ready: TransitionContext = {
  signed: true,
  depositPaid: true,
  balance: 0,
  securityDepositSettled: true,
  canOverride: false,
  canCancel: true,
  reason: 'Rained out',
};
const ctx = (more: Partial<TransitionContext> = {}): TransitionContext => ({ ...ready, ...more });

describe('the moves §4 allows', () => {
  it.each([
    { from: 'draft', to: ['quote', 'hold', 'reserved', 'cancelled'] },
    { from: 'quote', to: ['draft', 'hold', 'reserved', 'cancelled'] },
    { from: 'hold', to: ['quote', 'reserved', 'confirmed', 'cancelled'] },
    { from: 'reserved', to: ['quote', 'confirmed', 'cancelled'] },
    { from: 'confirmed', to: ['reserved', 'out', 'cancelled'] },
    { from: 'out', to: ['returned'] },
    { from: 'returned', to: ['completed'] },
    { from: 'completed', to: [] },
    { from: 'cancelled', to: [] },
  ] as { from: OrderStatus; to: OrderStatus[] }[])('$from → $to', ({ from, to }) => {
    expect([...ORDER_TRANSITIONS[from]].sort()).toEqual([...to].sort());
    // Someone with every permission, on an order that meets every condition.
    for (const target of ORDER_STATUSES) {
      expect(checkTransition(from, target, ctx({ canOverride: true })).ok).toBe(
        to.includes(target),
      );
    }
  });

  it('"cancelled: from any status before out"', () => {
    const canCancel = ORDER_STATUSES.filter((s) => ORDER_TRANSITIONS[s].includes('cancelled'));
    expect(canCancel).toEqual(['draft', 'quote', 'hold', 'reserved', 'confirmed']);
  });
});

describe('refusals, with the sentence the person reads', () => {
  it.each([
    {
      name: 'a move the machine does not have names the ones it does',
      from: 'draft',
      to: 'out',
      c: ctx(),
      expected: {
        code: 'invalid_transition',
        message:
          'A draft order cannot be moved to out; it can move to quote, hold, reserved or cancelled.',
      },
    },
    {
      name: 'an order that is out cannot be cancelled',
      from: 'out',
      to: 'cancelled',
      c: ctx(),
      expected: {
        code: 'invalid_transition',
        message:
          'An order cannot be cancelled once it is out; only orders that are not yet out can be.',
      },
    },
    {
      name: 'a completed order is final',
      from: 'completed',
      to: 'returned',
      c: ctx(),
      expected: { code: 'invalid_transition', message: 'A completed order cannot change status.' },
    },
    {
      name: 'a cancelled order is final',
      from: 'cancelled',
      to: 'draft',
      c: ctx(),
      expected: { code: 'invalid_transition', message: 'A cancelled order cannot change status.' },
    },
    {
      name: 'moving to the status it has',
      from: 'reserved',
      to: 'reserved',
      c: ctx(),
      expected: { code: 'invalid_transition', message: 'The order is already reserved.' },
    },
    {
      name: 'cancelling needs order.cancel',
      from: 'reserved',
      to: 'cancelled',
      c: ctx({ canCancel: false }),
      expected: {
        code: 'forbidden',
        message: 'You do not have permission to cancel orders.',
        permission: 'order.cancel',
      },
    },
    {
      name: 'cancelling needs a reason ("with a reason")',
      from: 'quote',
      to: 'cancelled',
      c: ctx({ reason: null }),
      expected: { code: 'reason_required', message: 'Give a reason for cancelling.' },
    },
    {
      name: 'a reason of spaces is no reason',
      from: 'quote',
      to: 'cancelled',
      c: ctx({ reason: '   ' }),
      expected: { code: 'reason_required', message: 'Give a reason for cancelling.' },
    },
    {
      name: 'confirming unsigned and unpaid without override',
      from: 'reserved',
      to: 'confirmed',
      c: ctx({ signed: false, depositPaid: false }),
      expected: {
        code: 'forbidden',
        message:
          'The order cannot be confirmed yet: the contract is not signed and the booking deposit is not paid. Confirming it anyway needs permission to override.',
        permission: 'order.override',
      },
    },
    {
      name: 'confirming unsigned without override',
      from: 'hold',
      to: 'confirmed',
      c: ctx({ signed: false }),
      expected: {
        code: 'forbidden',
        message:
          'The order cannot be confirmed yet: the contract is not signed. Confirming it anyway needs permission to override.',
        permission: 'order.override',
      },
    },
    {
      name: 'confirming with the deposit unpaid without override',
      from: 'reserved',
      to: 'confirmed',
      c: ctx({ depositPaid: false }),
      expected: {
        code: 'forbidden',
        message:
          'The order cannot be confirmed yet: the booking deposit is not paid. Confirming it anyway needs permission to override.',
        permission: 'order.override',
      },
    },
    {
      name: 'taking back a confirmation whose conditions hold',
      from: 'confirmed',
      to: 'reserved',
      c: ctx(),
      expected: {
        code: 'forbidden',
        message:
          'The contract is signed and the booking deposit is paid, so the order stays confirmed. Moving it back needs permission to override.',
        permission: 'order.override',
      },
    },
    {
      name: 'completing with a balance due',
      from: 'returned',
      to: 'completed',
      c: ctx({ balance: 1 }),
      expected: {
        code: 'invalid_transition',
        message: 'The order cannot be completed while a balance is still due.',
      },
    },
    {
      name: 'completing an overpaid order',
      from: 'returned',
      to: 'completed',
      c: ctx({ balance: -500 }),
      expected: {
        code: 'invalid_transition',
        message:
          'The order cannot be completed while it is overpaid (refund the difference first).',
      },
    },
    {
      name: 'completing with the security deposit unsettled',
      from: 'returned',
      to: 'completed',
      c: ctx({ securityDepositSettled: false }),
      expected: {
        code: 'invalid_transition',
        message:
          'The order cannot be completed while the security deposit is not yet refunded or kept.',
      },
    },
    {
      name: 'completing with both: an override does not skip money',
      from: 'returned',
      to: 'completed',
      c: ctx({ balance: 2_500, securityDepositSettled: false, canOverride: true }),
      expected: {
        code: 'invalid_transition',
        message:
          'The order cannot be completed while a balance is still due, and the security deposit is not yet refunded or kept.',
      },
    },
  ] as {
    name: string;
    from: OrderStatus;
    to: OrderStatus;
    c: TransitionContext;
    expected: object;
  }[])('$name', ({ from, to, c, expected }) => {
    expect(checkTransition(from, to, c)).toEqual({ ok: false, ...expected });
  });
});

describe('moves that pass', () => {
  it.each([
    {
      name: 'confirming signed and paid needs no override',
      from: 'reserved',
      to: 'confirmed',
      c: ctx(),
    },
    {
      name: '"or staff with order.override" confirm unsigned and unpaid',
      from: 'hold',
      to: 'confirmed',
      c: ctx({ signed: false, depositPaid: false, canOverride: true }),
    },
    {
      name: 'a confirmation whose deposit was refunded can be taken back',
      from: 'confirmed',
      to: 'reserved',
      c: ctx({ depositPaid: false }),
    },
    {
      name: 'with override a confirmation can always be taken back',
      from: 'confirmed',
      to: 'reserved',
      c: ctx({ canOverride: true }),
    },
    {
      name: 'cancelling with permission and a reason',
      from: 'confirmed',
      to: 'cancelled',
      c: ctx(),
    },
    {
      name: 'staff reserve a quote (stock is the server’s check)',
      from: 'quote',
      to: 'reserved',
      c: ctx({ signed: false, depositPaid: false }),
    },
    { name: 'delivered', from: 'confirmed', to: 'out', c: ctx({ balance: 9_999 }) },
    { name: 'everything back', from: 'out', to: 'returned', c: ctx({ balance: 9_999 }) },
    {
      name: 'completing, nothing due and deposit settled',
      from: 'returned',
      to: 'completed',
      c: ctx(),
    },
  ] as { name: string; from: OrderStatus; to: OrderStatus; c: TransitionContext }[])(
    '$name',
    ({ from, to, c }) => {
      expect(checkTransition(from, to, c)).toEqual({ ok: true });
    },
  );
});

describe('automatic moves (§4)', () => {
  const NOW = Date.UTC(2026, 5, 10, 15);
  const auto = (status: OrderStatus, more: Partial<TransitionContext>, expires: number | null) =>
    automaticTransition(status, { ...ctx(more), holdExpiresAt: expires, now: NOW });

  it.each([
    {
      name: 'a hold past its expiry returns to quote',
      status: 'hold',
      more: { signed: false },
      expires: NOW - 1,
      expected: 'quote',
    },
    {
      name: 'a hold expires at its expiry, not a millisecond later',
      status: 'hold',
      more: { signed: false },
      expires: NOW,
      expected: 'quote',
    },
    {
      name: 'an expired hold is released even if it was just paid and signed',
      status: 'hold',
      more: {},
      expires: NOW - 1,
      expected: 'quote',
    },
    {
      name: 'a hold before its expiry stays',
      status: 'hold',
      more: { depositPaid: false },
      expires: NOW + 1,
      expected: null,
    },
    {
      name: 'a hold without an expiry stays',
      status: 'hold',
      more: { depositPaid: false },
      expires: null,
      expected: null,
    },
    {
      name: 'a live hold signed with its deposit paid is confirmed',
      status: 'hold',
      more: {},
      expires: NOW + 1,
      expected: 'confirmed',
    },
    {
      name: '"automatically when the contract is signed and the booking deposit is paid"',
      status: 'reserved',
      more: {},
      expires: null,
      expected: 'confirmed',
    },
    {
      name: 'reserved, signed, deposit unpaid: stays',
      status: 'reserved',
      more: { depositPaid: false },
      expires: null,
      expected: null,
    },
    {
      name: 'reserved, paid, unsigned: stays',
      status: 'reserved',
      more: { signed: false },
      expires: null,
      expected: null,
    },
    {
      name: '"automatically once returned, the balance is zero and the security deposit is settled"',
      status: 'returned',
      more: {},
      expires: null,
      expected: 'completed',
    },
    {
      name: 'returned with a balance due: stays',
      status: 'returned',
      more: { balance: 100 },
      expires: null,
      expected: null,
    },
    {
      name: 'returned, overpaid: stays until refunded',
      status: 'returned',
      more: { balance: -100 },
      expires: null,
      expected: null,
    },
    {
      name: 'returned with the security deposit held: stays',
      status: 'returned',
      more: { securityDepositSettled: false },
      expires: null,
      expected: null,
    },
    {
      name: 'a confirmed order never moves on its own',
      status: 'confirmed',
      more: {},
      expires: null,
      expected: null,
    },
    { name: 'nor does a quote', status: 'quote', more: {}, expires: NOW - 1, expected: null },
  ] as {
    name: string;
    status: OrderStatus;
    more: Partial<TransitionContext>;
    expires: number | null;
    expected: OrderStatus | null;
  }[])('$name', ({ status, more, expires, expected }) => {
    expect(auto(status, more, expires)).toBe(expected);
  });

  it('every automatic move is one the machine allows', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...ORDER_STATUSES),
        fc.record({
          signed: fc.boolean(),
          depositPaid: fc.boolean(),
          balance: fc.integer({ min: -1_000, max: 1_000 }),
          securityDepositSettled: fc.boolean(),
          canOverride: fc.boolean(),
          canCancel: fc.boolean(),
        }),
        fc.option(fc.integer({ min: 0, max: 10 })),
        (status, facts, expires) => {
          const to = automaticTransition(status, { ...facts, holdExpiresAt: expires, now: 5 });
          if (to !== null) {
            expect(ORDER_TRANSITIONS[status]).toContain(to);
            expect(checkTransition(status, to, { ...facts, canOverride: false }).ok).toBe(true);
          }
        },
      ),
    );
  });
});

describe('hold durations (§4, §10)', () => {
  it('staff 48 h, phone 30 min, store cart 30 min', () => {
    expect(HOLD_DURATION_MS).toEqual({
      staff: 48 * 3_600_000,
      phone: 30 * 60_000,
      store: 30 * 60_000,
    });
  });
});
