import { describe, expect, it } from 'vitest';
import { drivingMilesEstimate, greatCircleMiles, roundMiles } from './distance';

const AUSTIN = { lat: 30.2672, lng: -97.7431 };
const DALLAS = { lat: 32.7767, lng: -96.797 };
const NEW_YORK = { lat: 40.7128, lng: -74.006 };
const LONDON = { lat: 51.5074, lng: -0.1278 };

describe('greatCircleMiles', () => {
  it.each([
    ['Austin to Dallas', AUSTIN, DALLAS, 182.0],
    ['New York to London', NEW_YORK, LONDON, 3461.0],
  ])('%s is about %s mi', (_name, a, b, miles) => {
    expect(greatCircleMiles(a, b)).toBeCloseTo(miles, -1);
  });

  it('is 0 from a point to itself and the same both ways', () => {
    expect(greatCircleMiles(AUSTIN, AUSTIN)).toBe(0);
    expect(greatCircleMiles(AUSTIN, DALLAS)).toBeCloseTo(greatCircleMiles(DALLAS, AUSTIN), 9);
  });

  it('is 69.1 mi for one degree of latitude', () => {
    expect(greatCircleMiles({ lat: 0, lng: 0 }, { lat: 1, lng: 0 })).toBeCloseTo(69.09, 1);
  });

  it('stays finite for points on opposite sides of the Earth', () => {
    expect(greatCircleMiles({ lat: 0, lng: 0 }, { lat: 0, lng: 180 })).toBeCloseTo(12_436.8, 0);
  });
});

describe('drivingMilesEstimate', () => {
  it('is the great circle × 1.3 (back-office spec §7.1)', () => {
    expect(drivingMilesEstimate(AUSTIN, DALLAS)).toBeCloseTo(
      greatCircleMiles(AUSTIN, DALLAS) * 1.3,
      9,
    );
  });
});

describe('roundMiles', () => {
  it.each([
    [10.04, 10],
    [10.05, 10.1],
    [0.04, 0],
    [7.25, 7.3],
  ])('%s → %s', (miles, expected) => {
    expect(roundMiles(miles)).toBe(expected);
  });
});
