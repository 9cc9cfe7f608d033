/**
 * Website Settings (back-office spec §10 "colours and fonts"; decision 0068): the store's fonts
 * are named system font stacks, never web fonts fetched from elsewhere (the store's CSP and the
 * shoppers' privacy), and its accent colour carries text that must stay readable.
 */

const ROUNDED =
  'ui-rounded,"SF Pro Rounded","Nunito","Varela Round","Arial Rounded MT Bold",system-ui,sans-serif';
const SYSTEM_UI = 'system-ui,-apple-system,"Segoe UI",Roboto,"Helvetica Neue",Arial,sans-serif';

/** The font choices' keys, apart from their stacks: schemas need only these. */
export const STORE_FONT_KEYS = ['modern', 'friendly', 'classic', 'bold', 'elegant'] as const;
export type StoreFont = (typeof STORE_FONT_KEYS)[number];
export const STORE_FONT_DEFAULT: StoreFont = 'modern';

type FontChoice = { label: string; stack: string; heading: string; headingWeight: number };

/** Each choice: its body text's stack, its headings' stack and their weight. */
export const STORE_FONTS: Readonly<Record<StoreFont, FontChoice>> = {
  modern: {
    label: 'Modern',
    stack: SYSTEM_UI,
    heading: SYSTEM_UI,
    headingWeight: 700,
  },
  friendly: {
    label: 'Friendly',
    stack: ROUNDED,
    heading: ROUNDED,
    headingWeight: 700,
  },
  classic: {
    label: 'Classic',
    stack: 'Georgia,Cambria,"Times New Roman",Times,serif',
    heading: 'Georgia,Cambria,"Times New Roman",Times,serif',
    headingWeight: 700,
  },
  bold: {
    label: 'Bold',
    // A heavy face for headings only: paragraphs in it would be hard to read.
    stack: SYSTEM_UI,
    heading: '"Arial Black","Helvetica Neue",Impact,Haettenschweiler,system-ui,sans-serif',
    headingWeight: 900,
  },
  elegant: {
    label: 'Elegant',
    stack: '"Palatino Linotype",Palatino,"Book Antiqua","URW Palladio L",Georgia,serif',
    heading: '"Palatino Linotype",Palatino,"Book Antiqua","URW Palladio L",Georgia,serif',
    headingWeight: 600,
  },
};

/** §10 "either books … or sends a quote request, per the account's choice". */
export const STORE_CHECKOUT_MODE_KEYS = ['both', 'book', 'quote'] as const;
export type StoreCheckoutMode = (typeof STORE_CHECKOUT_MODE_KEYS)[number];
export const STORE_CHECKOUT_MODES: Readonly<Record<StoreCheckoutMode, string>> = {
  both: 'Instant booking and quote requests',
  book: 'Instant booking only',
  quote: 'Quote requests only',
};

/** The store's text colours on the accent: white, or the pages' near-black. */
export const ACCENT_TEXT_LIGHT = '#ffffff';
export const ACCENT_TEXT_DARK = '#1c1917';
/** WCAG 2 AA for normal text. */
export const MIN_TEXT_CONTRAST = 4.5;

function luminance(hex: string): number {
  const channel = (i: number) => {
    const c = Number.parseInt(hex.slice(i, i + 2), 16) / 255;
    return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * channel(1) + 0.7152 * channel(3) + 0.0722 * channel(5);
}

/** WCAG 2 contrast ratio of two #rrggbb colours (1 to 21). */
export function contrastRatio(a: string, b: string): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
}

/**
 * The text colour the header and buttons put on `accent`: white or near-black, whichever
 * reads better; null when neither reaches 4.5:1 (such an accent is refused).
 */
export function accentTextColour(accent: string): string | null {
  const light = contrastRatio(accent, ACCENT_TEXT_LIGHT);
  const dark = contrastRatio(accent, ACCENT_TEXT_DARK);
  const best = light >= dark ? ACCENT_TEXT_LIGHT : ACCENT_TEXT_DARK;
  return Math.max(light, dark) >= MIN_TEXT_CONTRAST ? best : null;
}
