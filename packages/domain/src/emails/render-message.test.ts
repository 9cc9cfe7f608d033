import { describe, expect, it } from 'vitest';
import { templateInputSchema } from './email-schemas';
import { exampleMergeValues, mergeFieldsIn, unknownMergeFields } from './merge-fields';
import { DEFAULT_TEMPLATES, TEMPLATE_KEYS } from './message-templates';
import { renderMessage } from './render-message';

const values = {
  ...exampleMergeValues(),
  'customer.firstName': '<script>alert(1)</script>',
  'order.items': '1 × Castle\n2 × Table',
  'order.link': 'https://app.example/o/abc?x=1&y=2',
  'order.deliveryWindow': '',
};

describe('merge fields', () => {
  it('finds fields with spaces inside the braces, and the unknown ones', () => {
    expect(mergeFieldsIn('Hi {{ customer.firstName }}, {{order.nope}} {{order.number}}')).toEqual([
      'customer.firstName',
      'order.nope',
      'order.number',
    ]);
    expect(unknownMergeFields('{{customer.firstName}} {{order.nope}}')).toEqual(['order.nope']);
  });

  it('ships templates that use only known fields', () => {
    for (const key of TEMPLATE_KEYS) {
      const { subject, body } = DEFAULT_TEMPLATES[key];
      expect(templateInputSchema.safeParse({ subject, body }).success).toBe(true);
    }
  });

  it('refuses an unknown field on the field it is in', () => {
    const result = templateInputSchema.safeParse({ subject: 'Hi {{order.numbr}}', body: 'ok' });
    expect(result.error?.issues.map((i) => [i.path, i.message])).toEqual([
      [['subject'], 'Unknown merge field: {{order.numbr}}'],
    ]);
  });
});

describe('renderMessage', () => {
  const rendered = renderMessage(
    {
      subject: 'Order #{{order.number}}\nfor {{customer.firstName}}',
      body: 'Hi {{customer.firstName}},\n\nItems:\n{{order.items}}\n\nWindow: {{order.deliveryWindow}}\n\n{{order.link}}',
    },
    values,
    { businessName: 'Bounce & Co', accentColor: 'red;background:url(x)' },
  );

  it('keeps the text as typed, with the values in', () => {
    expect(rendered.text).toBe(
      'Hi <script>alert(1)</script>,\n\nItems:\n1 × Castle\n2 × Table\n\nWindow:\n\nhttps://app.example/o/abc?x=1&y=2',
    );
    expect(rendered.subject).toBe('Order #1042 for <script>alert(1)</script>');
  });

  it('escapes every value in the HTML, links the link fields, and refuses an unsafe colour', () => {
    expect(rendered.html).not.toContain('<script>');
    expect(rendered.html).toContain('Hi &lt;script&gt;alert(1)&lt;/script&gt;,');
    expect(rendered.html).toContain('1 × Castle<br>2 × Table');
    expect(rendered.html).toContain(
      '<a href="https://app.example/o/abc?x=1&amp;y=2" style="color:#c2410c;overflow-wrap:anywhere">',
    );
    expect(rendered.html).toContain('Bounce &amp; Co');
    expect(rendered.html).not.toContain('url(x)');
  });

  it('never links a value that is not a web address', () => {
    const html = renderMessage(
      { subject: 's', body: '{{order.link}}' },
      { ...values, 'order.link': 'javascript:alert(1)' },
      { businessName: 'B' },
    ).html;
    expect(html).not.toContain('<a ');
  });

  it("heads the message with the account's logo when it has a web address, and signs it", () => {
    const branded = renderMessage({ subject: 's', body: 'Hi' }, values, {
      businessName: 'Bounce & Co',
      logoUrl: 'https://app.example/logos/1.png',
      phone: '(555) 010-1234',
    }).html;
    expect(branded).toContain(
      '<img src="https://app.example/logos/1.png" alt="Bounce &amp; Co" style="max-height:48px;max-width:12rem">',
    );
    expect(branded).toContain('Bounce &amp; Co · (555) 010-1234</p>');
    const unsafe = renderMessage({ subject: 's', body: 'Hi' }, values, {
      businessName: 'B',
      logoUrl: 'javascript:alert(1)',
    }).html;
    expect(unsafe).not.toContain('<img');
  });
});
