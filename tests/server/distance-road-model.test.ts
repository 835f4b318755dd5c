import { describe, expect, it } from 'vitest';
import { haversineMiles } from '../../src/domain/geo';
import {
  ROAD_MODEL,
  circuity,
  estimateRoadLeg,
  openRoadSpeedMph,
} from '../../src/server/services/distance/road-model';

const at = (lat: number, lng: number) => ({ lat, lng });
const HEATHROW = at(51.4711, -0.4543);
const GATWICK = at(51.1572, -0.171);
const CHARING_CROSS = at(51.5085, -0.1257);
const BRISTOL = at(51.4552, -2.5966);
const CARDIFF = at(51.48, -3.18);
const EDINBURGH = at(55.9521, -3.1965);
const DUNFERMLINE = at(56.0719, -3.4393);
const LEEDS = at(53.7965, -1.5478);
const YORK = at(53.9576, -1.0827);
const MANCHESTER = at(53.4809, -2.2374);
const BIRMINGHAM = at(52.4814, -1.8998);

describe('offline road model', () => {
  it('gives nothing for a leg that starts where it ends', () => {
    expect(estimateRoadLeg(LEEDS, LEEDS)).toEqual({ miles: 0, minutes: 0, route: 'direct' });
    expect(estimateRoadLeg(LEEDS, at(53.79651, -1.54781)).miles).toBe(0);
  });

  it('never makes a road shorter than the straight line', () => {
    for (const miles of [0.5, 2, 5, 10, 20, 40, 60, 120, 200, 400]) {
      expect(circuity(miles)).toBeGreaterThan(1.1);
      expect(circuity(miles)).toBeLessThan(1.3);
    }
    for (const [a, b] of [
      [LEEDS, YORK],
      [BIRMINGHAM, MANCHESTER],
      [HEATHROW, GATWICK],
    ] as const) {
      expect(estimateRoadLeg(a, b).miles).toBeGreaterThan(haversineMiles(a, b));
    }
  });

  it('follows its fitted knots and holds flat beyond them', () => {
    const knots = ROAD_MODEL.circuityKnots;
    for (const [miles, factor] of knots) expect(circuity(miles)).toBeCloseTo(factor, 10);
    const [first] = knots;
    const last = knots.at(-1);
    expect(circuity(0.1)).toBe(first?.[1]);
    expect(circuity(1_000)).toBe(last?.[1]);
    // Between two knots the factor lies between theirs.
    const [[x0, y0], [x1, y1]] = knots as [[number, number], [number, number]];
    const middle = circuity(Math.sqrt(x0 * x1));
    expect(middle).toBeCloseTo((y0 + y1) / 2, 10);
  });

  it('is the same distance both ways', () => {
    const there = estimateRoadLeg(BIRMINGHAM, MANCHESTER);
    const back = estimateRoadLeg(MANCHESTER, BIRMINGHAM);
    expect(back.miles).toBeCloseTo(there.miles, 6);
    expect(back.minutes).toBeCloseTo(there.minutes, 6);
  });

  it('drives faster on long runs than on short ones, and slowest in inner London', () => {
    expect(openRoadSpeedMph(3)).toBeLessThan(openRoadSpeedMph(30));
    expect(openRoadSpeedMph(30)).toBeLessThan(openRoadSpeedMph(200));
    expect(ROAD_MODEL.innerLondonMph).toBeLessThan(ROAD_MODEL.outerLondonMph);
    const longRun = estimateRoadLeg(BIRMINGHAM, MANCHESTER);
    expect(longRun.miles / (longRun.minutes / 60)).toBeGreaterThan(40);
    // Eight straight-line miles into central London take longer than eight in Yorkshire.
    const intoLondon = estimateRoadLeg(at(51.55, -0.02), CHARING_CROSS);
    const acrossLeeds = estimateRoadLeg(LEEDS, at(53.8, -1.42));
    expect(intoLondon.minutes / intoLondon.miles).toBeGreaterThan(
      acrossLeeds.minutes / acrossLeeds.miles,
    );
  });

  it('sends Heathrow to Gatwick round the M25, not through the suburbs', () => {
    const leg = estimateRoadLeg(HEATHROW, GATWICK);
    expect(leg.route).toBe('orbital');
    expect(leg.miles).toBeGreaterThan(haversineMiles(HEATHROW, GATWICK) * 1.4);
  });

  it('goes into central London directly rather than via the M25', () => {
    expect(estimateRoadLeg(GATWICK, CHARING_CROSS).route).toBe('direct');
  });

  it('crosses the Severn and the Forth only at their bridges', () => {
    const severn = estimateRoadLeg(BRISTOL, CARDIFF);
    expect(severn.route).toBe('estuary-crossing');
    expect(severn.miles).toBeGreaterThan(haversineMiles(BRISTOL, CARDIFF) * 1.5);
    const forth = estimateRoadLeg(EDINBURGH, DUNFERMLINE);
    expect(forth.route).toBe('estuary-crossing');
    // Leeds to York crosses no estuary.
    expect(estimateRoadLeg(LEEDS, YORK).route).toBe('direct');
  });
});
