import { describe, expect, it } from 'vitest';
import {
  accountSlug,
  DEFAULT_TEXT_BACK_SETTINGS,
  renderTextBack,
  textBackCase,
  textBackSettingsSchema,
} from './missed-call-text-back';

describe('textBackCase', () => {
  it.each([
    { withinHours: false, hasUpcomingOrder: false, expected: 'afterHours' },
    { withinHours: false, hasUpcomingOrder: true, expected: 'afterHours' },
    { withinHours: true, hasUpcomingOrder: true, expected: 'knownCaller' },
    { withinHours: true, hasUpcomingOrder: false, expected: 'newCaller' },
  ])('open $withinHours, order ahead $hasUpcomingOrder → $expected', ({ expected, ...input }) => {
    expect(textBackCase(input)).toBe(expected);
  });
});

describe('renderTextBack', () => {
  it('fills the fields it knows and drops an empty "()"', () => {
    expect(
      renderTextBack(
        'Hi {{customer.firstName}}, your party on {{ order.eventDate }} ({{order.items}})?',
        {
          'customer.firstName': 'Jamie',
          'order.eventDate': 'Saturday, June 14',
        },
      ),
    ).toBe('Hi Jamie, your party on Saturday, June 14?');
  });

  it('leaves an unknown field as written', () => {
    expect(renderTextBack('Hi {{customer.nickname}}', {})).toBe('Hi {{customer.nickname}}');
  });
});

describe('textBackSettingsSchema', () => {
  it('accepts the shipped settings', () => {
    expect(textBackSettingsSchema.parse(DEFAULT_TEXT_BACK_SETTINGS)).toEqual(
      DEFAULT_TEXT_BACK_SETTINGS,
    );
  });

  it.each([
    { field: 'newCaller', text: '', message: 'Enter the text to send' },
    {
      field: 'afterHours',
      text: 'x'.repeat(481),
      message: 'Keep it to 480 characters (three texts)',
    },
    { field: 'knownCaller', text: 'Hi {{order.total}}', message: 'Unknown field: {{order.total}}' },
    {
      field: 'afterHours',
      text: 'About {{order.eventDate}}',
      message: '{{order.eventDate}} is only known for a caller with an order',
    },
  ])('refuses $field "$text" with "$message"', ({ field, text, message }) => {
    const result = textBackSettingsSchema.safeParse({
      ...DEFAULT_TEXT_BACK_SETTINGS,
      [field]: text,
    });
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
      [field, message],
    ]);
  });
});

describe('accountSlug', () => {
  it.each([
    ['Bounce Kingdom Party Rentals', 'bounce-kingdom-party-rentals'],
    ['  Café Château & Co. ', 'cafe-chateau-co'],
    ['🎈🎈', 'store'],
    ['A'.repeat(80), 'a'.repeat(60)],
  ])('%s → %s', (name, slug) => {
    expect(accountSlug(name)).toBe(slug);
  });
});
