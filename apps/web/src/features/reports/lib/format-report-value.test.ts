import { DEFAULT_LOCALE_FORMAT } from '@tentpole/domain';
import { describe, expect, it } from 'vitest';
import {
  formatAxisTick,
  formatChange,
  formatPointsChange,
  formatReportValue,
} from './format-report-value';

describe('formatReportValue (§11 figures and cells by format)', () => {
  it("reads money from minor units in the report's currency", () => {
    expect(formatReportValue(125_050, 'money', 'USD', DEFAULT_LOCALE_FORMAT)).toBe('$1,250.50');
    expect(formatReportValue(-2_500, 'money', 'USD', DEFAULT_LOCALE_FORMAT)).toBe('-$25.00');
    expect(formatReportValue(125_050, 'money', 'EUR', DEFAULT_LOCALE_FORMAT)).toBe('€1,250.50');
  });

  it('groups counts, and gives percentages and days one decimal', () => {
    expect(formatReportValue(12_345, 'count', 'USD', DEFAULT_LOCALE_FORMAT)).toBe('12,345');
    expect(formatReportValue(42.25, 'percent', 'USD', DEFAULT_LOCALE_FORMAT)).toBe('42.3%');
    expect(formatReportValue(100, 'percent', 'USD', DEFAULT_LOCALE_FORMAT)).toBe('100.0%');
    expect(formatReportValue(3.04, 'days', 'USD', DEFAULT_LOCALE_FORMAT)).toBe('3.0 days');
    expect(formatReportValue(1, 'days', 'USD', DEFAULT_LOCALE_FORMAT)).toBe('1.0 day');
  });

  it('reads a calendar day as the same day in every time zone, and text as it is', () => {
    expect(formatReportValue('2026-06-06', 'date', 'USD', DEFAULT_LOCALE_FORMAT)).toBe(
      'Jun 6, 2026',
    );
    expect(formatReportValue('Bounce castle (large)', 'text', 'USD', DEFAULT_LOCALE_FORMAT)).toBe(
      'Bounce castle (large)',
    );
    expect(formatReportValue(1042, 'text', 'USD', DEFAULT_LOCALE_FORMAT)).toBe('1042');
  });

  it('shows an empty cell as a dash', () => {
    expect(formatReportValue(null, 'money', 'USD', DEFAULT_LOCALE_FORMAT)).toBe('—');
    expect(formatReportValue('', 'text', 'USD', DEFAULT_LOCALE_FORMAT)).toBe('—');
  });

  it('signs a percentage change, and leaves no change unsigned', () => {
    expect(formatChange(25.05, 'en-US')).toBe('+25.05%');
    expect(formatChange(-3, 'en-US')).toBe('-3%');
    expect(formatChange(0, 'en-US')).toBe('0%');
  });

  it('gives a change in a rate in percentage points, one decimal', () => {
    expect(formatPointsChange(0.36, 'en-US')).toBe('+0.4 points');
    expect(formatPointsChange(-1, 'en-US')).toBe('-1.0 point');
    expect(formatPointsChange(0, 'en-US')).toBe('0.0 points');
  });

  it('keeps axis ticks short: whole money, up to two decimals otherwise', () => {
    expect(formatAxisTick(125_050, 'money', 'USD', DEFAULT_LOCALE_FORMAT)).toBe('$1,251');
    expect(formatAxisTick(0.45, 'percent', 'USD', DEFAULT_LOCALE_FORMAT)).toBe('0.45%');
    expect(formatAxisTick(12.5, 'days', 'USD', DEFAULT_LOCALE_FORMAT)).toBe('12.5');
    expect(formatAxisTick(1_200, 'count', 'USD', DEFAULT_LOCALE_FORMAT)).toBe('1,200');
  });
});
