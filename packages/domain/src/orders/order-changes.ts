// §4 "approve changes made after signing": what the customer agreed to, and what changed since
// (the difference only). No zod: the server and the customer's page share it as plain data.

/** What the customer signed: the parts of the order a change must be approved for. */
export type SignedTerms = {
  eventStart: string;
  eventEnd: string;
  address: string | null;
  lines: { description: string; quantity: number; amount: number }[];
  total: number;
};

export type OrderChange =
  | { kind: 'added'; description: string; quantity: number; amount: number }
  | { kind: 'removed'; description: string; quantity: number; amount: number }
  | {
      kind: 'quantity';
      description: string;
      from: number;
      to: number;
      amountFrom: number;
      amountTo: number;
    }
  | { kind: 'dates'; from: { start: string; end: string }; to: { start: string; end: string } }
  | { kind: 'address'; from: string | null; to: string | null }
  | { kind: 'total'; from: number; to: number; difference: number };

const byDescription = (lines: SignedTerms['lines']) => {
  const map = new Map<string, { quantity: number; amount: number }>();
  for (const l of lines) {
    const seen = map.get(l.description) ?? { quantity: 0, amount: 0 };
    map.set(l.description, {
      quantity: seen.quantity + l.quantity,
      amount: seen.amount + l.amount,
    });
  }
  return map;
};

/** The differences between what was signed and the order now; empty when nothing that counts changed. */
export function orderChanges(signed: SignedTerms, now: SignedTerms): OrderChange[] {
  const changes: OrderChange[] = [];
  if (
    Date.parse(signed.eventStart) !== Date.parse(now.eventStart) ||
    Date.parse(signed.eventEnd) !== Date.parse(now.eventEnd)
  )
    changes.push({
      kind: 'dates',
      from: { start: signed.eventStart, end: signed.eventEnd },
      to: { start: now.eventStart, end: now.eventEnd },
    });
  if ((signed.address ?? null) !== (now.address ?? null))
    changes.push({ kind: 'address', from: signed.address, to: now.address });
  const before = byDescription(signed.lines);
  const after = byDescription(now.lines);
  for (const [description, line] of after) {
    const old = before.get(description);
    if (!old) changes.push({ kind: 'added', description, ...line });
    else if (old.quantity !== line.quantity)
      changes.push({
        kind: 'quantity',
        description,
        from: old.quantity,
        to: line.quantity,
        amountFrom: old.amount,
        amountTo: line.amount,
      });
  }
  for (const [description, line] of before)
    if (!after.has(description)) changes.push({ kind: 'removed', description, ...line });
  if (signed.total !== now.total)
    changes.push({
      kind: 'total',
      from: signed.total,
      to: now.total,
      difference: now.total - signed.total,
    });
  return changes;
}

/**
 * One difference in words, the same on the customer's page and the staff's (plain text: the
 * caller escapes it for HTML). `money` formats minor units, `day` an instant.
 */
export function describeOrderChange(
  c: OrderChange,
  format: { money: (cents: number) => string; day: (iso: string) => string },
): string {
  const { money, day } = format;
  switch (c.kind) {
    case 'added':
      return `Added: ${c.description} × ${c.quantity} (${money(c.amount)})`;
    case 'removed':
      return `Removed: ${c.description} × ${c.quantity} (${money(c.amount)})`;
    case 'quantity':
      return `${c.description}: ${c.from} → ${c.to} (${money(c.amountFrom)} → ${money(c.amountTo)})`;
    case 'dates':
      return `Dates: ${day(c.from.start)} → ${day(c.to.start)}`;
    case 'address':
      return `Address: ${c.from ?? 'none'} → ${c.to ?? 'none'}`;
    case 'total':
      return `Total: ${money(c.from)} → ${money(c.to)} (${c.difference > 0 ? '+' : '−'}${money(Math.abs(c.difference))})`;
  }
}
