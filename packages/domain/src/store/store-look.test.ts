import { describe, expect, it } from 'vitest';
import { accentTextColour, contrastRatio } from './store-look';

describe('accent colour contrast', () => {
  it('measures black on white as 21:1 and a colour on itself as 1:1', () => {
    expect(contrastRatio('#000000', '#ffffff')).toBeCloseTo(21, 5);
    expect(contrastRatio('#4f46e5', '#4f46e5')).toBe(1);
  });
  it('puts white text on a dark accent and near-black text on a light one', () => {
    expect(accentTextColour('#4f46e5')).toBe('#ffffff');
    expect(accentTextColour('#fde047')).toBe('#1c1917');
  });
  it('refuses a mid-tone accent that reaches 4.5:1 with neither', () => {
    // #808080: 3.95:1 with white, 4.43:1 with near-black; #d9534f: 3.96:1 and 4.41:1.
    expect(accentTextColour('#808080')).toBeNull();
    expect(accentTextColour('#d9534f')).toBeNull();
    // #ef4444: 3.76:1 with white but 4.65:1 with near-black, so near-black text.
    expect(accentTextColour('#ef4444')).toBe('#1c1917');
  });
});
