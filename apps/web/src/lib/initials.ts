const graphemes = new Intl.Segmenter(undefined, { granularity: 'grapheme' });

/** The first user-perceived character of `text`: a whole emoji (ZWJ sequences, flags, skin
 * tones), a letter with its accents. `charAt(0)` would cut an emoji in half. */
export function firstGrapheme(text: string): string {
  for (const { segment } of graphemes.segment(text)) return segment;
  return '';
}

/**
 * Up to two initials, one per word, each a whole grapheme cluster: 'Ada Lovelace' → 'AL',
 * '🎉 Party Palace' → '🎉P', 'émile zola' → 'ÉZ'. Empty when there are no words.
 */
export function initialsOf(...names: string[]): string {
  return names
    .flatMap((name) => name.trim().split(/\s+/))
    .filter(Boolean)
    .slice(0, 2)
    .map((word) => firstGrapheme(word).toLocaleUpperCase())
    .join('');
}
