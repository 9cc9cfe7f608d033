import { moneyDecimal, type ReportColumn, type ReportRow } from '@tentpole/domain';

/**
 * One CSV cell. Text that a spreadsheet would run as a formula (=, +, -, @, tab, CR) is
 * prefixed with an apostrophe (OWASP CSV injection); money is a plain decimal.
 */
export function csvCell(column: ReportColumn, value: ReportRow[string], currency: string) {
  if (value === null || value === undefined) return '';
  let text: string;
  if (column.format === 'money' && typeof value === 'number') text = moneyDecimal(value, currency);
  else text = String(value);
  if (typeof value === 'string' && /^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export function csvLine(cells: string[]) {
  return `${cells.join(',')}\r\n`;
}

export function csvHeader(columns: ReportColumn[]) {
  return csvLine(columns.map((c) => csvCell({ ...c, format: 'text' }, c.label, 'USD')));
}

export function csvRow(columns: ReportColumn[], row: ReportRow, currency: string) {
  return csvLine(columns.map((c) => csvCell(c, row[c.key] ?? null, currency)));
}
