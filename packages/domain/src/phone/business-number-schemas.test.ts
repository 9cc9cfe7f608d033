import { describe, expect, it } from 'vitest';
import {
  AREA_CODE_MESSAGE,
  availableNumbersQuerySchema,
  CHOOSE_A_NUMBER_MESSAGE,
  connectNumberInputSchema,
} from './business-number-schemas';

// Decision 0066: the area code a search asks for, and the number a business buys.
describe('availableNumbersQuerySchema', () => {
  it.each([
    { why: 'searches any area without an area code', query: {}, areaCode: undefined },
    { why: 'reads an empty field as any area', query: { areaCode: '' }, areaCode: undefined },
    { why: 'reads a blank field as any area', query: { areaCode: '  ' }, areaCode: undefined },
    { why: 'takes three digits', query: { areaCode: '512' }, areaCode: '512' },
    { why: 'trims around three digits', query: { areaCode: ' 737 ' }, areaCode: '737' },
  ])('$why', ({ query, areaCode }) => {
    expect(availableNumbersQuerySchema.parse(query)).toEqual({ areaCode });
  });

  it.each(['51', '5120', 'abc', '5 1'])("refuses %j with 'Enter a 3-digit area code'", (code) => {
    const result = availableNumbersQuerySchema.safeParse({ areaCode: code });
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((i) => i.message)).toEqual([AREA_CODE_MESSAGE]);
  });
});

describe('connectNumberInputSchema', () => {
  it('takes a US number as the carrier writes it', () => {
    expect(connectNumberInputSchema.parse({ phoneNumber: '+15120190100' })).toEqual({
      phoneNumber: '+15120190100',
    });
  });

  it.each([{}, { phoneNumber: '' }, { phoneNumber: '512-019-0100' }, { phoneNumber: '+4420' }])(
    "refuses %j with 'Choose a number'",
    (body) => {
      const result = connectNumberInputSchema.safeParse(body);
      expect(result.error?.issues.map((i) => i.message)).toEqual([CHOOSE_A_NUMBER_MESSAGE]);
    },
  );
});
