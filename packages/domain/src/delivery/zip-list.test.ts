import { describe, expect, it } from 'vitest';
import { formatZipList, parseZipList } from './zip-list';

describe('parseZipList', () => {
  it('reads a pasted spreadsheet: spaces, commas, tabs, dollars and "not served"', () => {
    const result = parseZipList(
      [
        '78701 25',
        '78702, $30.00',
        '78703\t12.5',
        '78653 not served',
        '',
        '# comment',
        '78660 no',
      ].join('\n'),
    );
    expect(result).toEqual({
      overrides: [
        { postalCode: '78701', fee: 2_500 },
        { postalCode: '78702', fee: 3_000 },
        { postalCode: '78703', fee: 1_250 },
        { postalCode: '78653', fee: null },
        { postalCode: '78660', fee: null },
      ],
      errors: [],
      notes: [],
    });
  });

  it('gives a spreadsheet’s lost leading zeros back, and says so', () => {
    const result = parseZipList('2134 15\n501 not served\n02135 15');
    expect(result.overrides).toEqual([
      { postalCode: '02134', fee: 1_500 },
      { postalCode: '00501', fee: null },
      { postalCode: '02135', fee: 1_500 },
    ]);
    expect(result.notes).toEqual(['2134 read as 02134', '501 read as 00501']);
  });

  it('lets several ZIP codes share one fee, ZIP+4 read as its ZIP', () => {
    expect(parseZipList('78704 78705-1234, 78745: 40').overrides).toEqual([
      { postalCode: '78704', fee: 4_000 },
      { postalCode: '78705', fee: 4_000 },
      { postalCode: '78745', fee: 4_000 },
    ]);
  });

  it('keeps the later fee of a ZIP listed twice', () => {
    expect(parseZipList('78701 25\n78701 35').overrides).toEqual([
      { postalCode: '78701', fee: 3_500 },
    ]);
  });

  it.each([
    ['78701', 'Write a ZIP code, then a fee such as 25.00 or "not served"'],
    ['78701 lots', 'Write a ZIP code, then a fee such as 25.00 or "not served"'],
    ['78701 25.125', 'Write a ZIP code, then a fee such as 25.00 or "not served"'],
    ['Austin 25', 'Austin is not a ZIP code'],
    ['787012 25', '787012 is not a ZIP code'],
  ])('names the line it cannot read: %s', (line, message) => {
    const result = parseZipList(`78702 30\n${line}`);
    expect(result.errors).toEqual([{ line: 2, text: line, message }]);
    expect(result.overrides).toEqual([{ postalCode: '78702', fee: 3_000 }]);
  });

  it('reads back what formatZipList writes', () => {
    const overrides = [
      { postalCode: '02134', fee: 1_505 },
      { postalCode: '78653', fee: null },
      { postalCode: '78701', fee: 0 },
    ];
    expect(formatZipList(overrides)).toBe('02134 15.05\n78653 not served\n78701 0.00');
    expect(parseZipList(formatZipList(overrides)).overrides).toEqual(overrides);
  });
});
