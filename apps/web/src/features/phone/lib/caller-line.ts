import { formatPhone } from '@tentpole/domain';

type Named = { firstName: string; lastName: string } | null | undefined;

/**
 * spec §2 Incoming Call: the customer's first and last name followed by the formatted number
 * when the customer is known, otherwise the formatted number.
 */
export function callerLine(number: string, customer: Named): string {
  const formatted = formatPhone(number);
  if (!customer) return formatted;
  const name = `${customer.firstName} ${customer.lastName}`.trim();
  return formatted ? `${name} ${formatted}` : name;
}
