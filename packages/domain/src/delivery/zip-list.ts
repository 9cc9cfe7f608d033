import type { ZipOverride } from './delivery-settings';

export type ZipListResult = {
  overrides: ZipOverride[];
  /** Lines that could not be read, each with why (1-based line numbers). */
  errors: { line: number; text: string; message: string }[];
  /** What was read in a way staff should know: a 4-digit ZIP given its leading zero back. */
  notes: string[];
};

const NOT_SERVED = /^(not\s+served|no|none|x|-|refuse[d]?)$/i;
const MONEY = /^\$?\s*(\d{1,6})(?:\.(\d{1,2}))?$/;
const ZIP = /^(\d{3,5})(?:-\d{4})?$/;

/** Cents from "$25", "25.5" or "25.50". */
function cents(text: string): number | null {
  const m = MONEY.exec(text.trim());
  if (!m) return null;
  return Number(m[1]) * 100 + Number((m[2] ?? '').padEnd(2, '0'));
}

/**
 * A pasted list of ZIP fees, one line each, as operators keep them in a spreadsheet
 * (research §3.7.1: per-ZIP entry one by one, and leading zeros lost):
 * `78701 25`, `78702, $30.00`, `02134	15` (tab), `78703 not served`, or several ZIPs sharing
 * one fee: `78704 78705 78745: 40`. A 3- or 4-digit ZIP is a spreadsheet that dropped its
 * leading zeros: it is padded back (`2134` → `02134`) and noted. A ZIP listed again takes the
 * later fee.
 */
export function parseZipList(text: string): ZipListResult {
  const byZip = new Map<string, ZipOverride>();
  const errors: ZipListResult['errors'] = [];
  const notes: string[] = [];
  text.split(/\r?\n/).forEach((raw, index) => {
    const line = raw.trim();
    if (line === '' || line.startsWith('#')) return;
    const tokens = line
      .replace(/not\s+served/i, 'not_served')
      .split(/[\s,;:=|]+/)
      .filter(Boolean);
    const last = tokens.at(-1) ?? '';
    const feeText = last === 'not_served' ? 'not served' : last;
    const fee = NOT_SERVED.test(feeText) ? null : cents(feeText);
    const zips = tokens.slice(0, -1);
    if (zips.length === 0 || (fee === null && !NOT_SERVED.test(feeText))) {
      errors.push({
        line: index + 1,
        text: line,
        message: 'Write a ZIP code, then a fee such as 25.00 or "not served"',
      });
      return;
    }
    for (const token of zips) {
      const m = ZIP.exec(token);
      if (!m?.[1]) {
        errors.push({ line: index + 1, text: line, message: `${token} is not a ZIP code` });
        return;
      }
    }
    for (const token of zips) {
      const digits = ZIP.exec(token)?.[1] ?? token;
      const postalCode = digits.padStart(5, '0');
      if (postalCode !== digits) notes.push(`${digits} read as ${postalCode}`);
      byZip.delete(postalCode);
      byZip.set(postalCode, { postalCode, fee });
    }
  });
  return { overrides: [...byZip.values()], errors, notes };
}

/** The overrides as a list to edit, one per line, the way `parseZipList` reads them back. */
export function formatZipList(overrides: readonly ZipOverride[]): string {
  return overrides
    .map(
      (o) =>
        `${o.postalCode} ${o.fee === null ? 'not served' : `${Math.floor(o.fee / 100)}.${String(o.fee % 100).padStart(2, '0')}`}`,
    )
    .join('\n');
}
