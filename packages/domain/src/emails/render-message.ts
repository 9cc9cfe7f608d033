import { fillFields, LINK_FIELDS, type MergeFieldKey, type MergeValues } from './merge-fields';

export type MessageTemplate = { subject: string; body: string };
export type Branding = {
  businessName: string;
  accentColor?: string | null;
  /** The account's logo as an absolute web address (e-mail clients need one), if it has one. */
  logoUrl?: string | null;
  /** The business phone, formatted, for the footer. */
  phone?: string | null;
};
export type RenderedMessage = { subject: string; html: string; text: string };

const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] as string,
  );

const SAFE_COLOR = /^#[0-9a-f]{6}$/i;
const isWebAddress = (value: string) => /^https?:\/\/\S+$/i.test(value);

/** A text message is one or two segments where it can be; a carrier caps one at 1,600. */
export const TEXT_MESSAGE_MAX = 1_600;

/**
 * A template filled with an order's values (§8): the subject, the text body exactly as typed
 * with the values in, and the HTML body built from the account's branding: one paragraph per
 * blank-line-separated block, line breaks kept, every word and value escaped once, link fields
 * as links. Empty values read as nothing, so "{{order.deliveryWindow}}" on a pickup order
 * leaves no placeholder behind.
 */
export function renderMessage(
  template: MessageTemplate,
  values: MergeValues,
  branding: Branding,
): RenderedMessage {
  const value = (key: MergeFieldKey) => values[key] ?? '';
  const subject = fillFields(template.subject, value).replace(/\s+/g, ' ').trim();
  const text = fillFields(template.body, value)
    .replace(/\r\n/g, '\n')
    .replace(/[ \t]+$/gm, '')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
  const htmlValue = (key: MergeFieldKey) => {
    const v = value(key);
    if (LINK_FIELDS.has(key) && isWebAddress(v))
      return `<a href="${escapeHtml(v)}" style="color:${accent(branding)};overflow-wrap:anywhere">${escapeHtml(v)}</a>`;
    return escapeHtml(v).replace(/\n/g, '<br>');
  };
  const paragraphs = template.body
    .replace(/\r\n/g, '\n')
    .split(/\n\s*\n/)
    .map((block) => block.trim())
    .filter(Boolean)
    .map((block) => fillFields(block, htmlValue, escapeHtml).replace(/\n/g, '<br>'))
    .filter((p) => p.replace(/<br>/g, '').trim() !== '')
    .map((p) => `<p style="margin:0 0 1rem">${p}</p>`);
  const html = `<!doctype html><html><head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>${escapeHtml(subject)}</title></head>
<body style="margin:0;background:#fafaf9;font:16px/1.5 system-ui,-apple-system,'Segoe UI',sans-serif;color:#1c1917">
<div style="max-width:36rem;margin:0 auto;padding:1.5rem 1rem">
<div style="border-top:4px solid ${accent(branding)};background:#fff;border-radius:.5rem;padding:1.25rem 1.25rem .25rem;overflow-wrap:anywhere">
${
  branding.logoUrl && isWebAddress(branding.logoUrl)
    ? `<p style="margin:0 0 1rem"><img src="${escapeHtml(branding.logoUrl)}" alt="${escapeHtml(branding.businessName)}" style="max-height:48px;max-width:12rem"></p>`
    : `<p style="margin:0 0 1rem;font-weight:600;color:#57534e">${escapeHtml(branding.businessName)}</p>`
}
${paragraphs.join('\n')}
</div>
<p style="margin:1rem 0 0;font-size:13px;color:#57534e;text-align:center">${escapeHtml(
    [branding.businessName, branding.phone].filter(Boolean).join(' · '),
  )}</p>
</div></body></html>`;
  return { subject, html, text };
}

function accent(branding: Branding) {
  return branding.accentColor && SAFE_COLOR.test(branding.accentColor)
    ? branding.accentColor
    : '#c2410c';
}
