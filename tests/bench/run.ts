// `npm run bench [-- web|quotes|bookings|corporate|operator|positions|distance]`: figures, not pass/fail. Run `npm run build` first.
import { existsSync } from 'node:fs';
import { distanceAccuracy } from './distance-accuracy';
import { benchBookingThroughput } from './booking-throughput';
import { benchCorporateList } from './corporate-list';
import { benchHomeLoad } from './home-load';
import { benchInteractions } from './interactions';
import { benchLighthouse } from './lighthouse';
import { benchMainThread } from './main-thread';
import { benchOperatorBoard } from './operator-board';
import { benchPositions } from './positions';
import { benchQuoteThroughput } from './quote-throughput';

const GROUPS = {
  web: async () => [
    ...(await benchHomeLoad()),
    ...(await benchMainThread()),
    ...(await benchInteractions()),
    ...(await benchLighthouse()),
  ],
  quotes: benchQuoteThroughput,
  bookings: benchBookingThroughput,
  corporate: benchCorporateList,
  operator: benchOperatorBoard,
  positions: benchPositions,
  distance: async (): Promise<[string, string][]> => {
    const result = await distanceAccuracy();
    return [
      [
        `Offline distance vs published road distances (${result.routes} routes): median error`,
        `${result.medianErrorPct.toFixed(1)} %`,
      ],
      [
        'Offline distance: worst error (goal <= 12 %)',
        `${result.worstErrorPct.toFixed(1)} % (${result.worstRoute})`,
      ],
      [
        `Offline duration vs published driving times (${result.durationRoutes} routes): median / worst`,
        `${result.medianDurationErrorPct.toFixed(1)} % / ${result.worstDurationErrorPct.toFixed(1)} %`,
      ],
    ];
  },
} satisfies Record<string, () => Promise<[string, string][]>>;

type Group = keyof typeof GROUPS;
const asked = process.argv.slice(2).filter((arg): arg is Group => arg in GROUPS);
const groups: Group[] =
  asked.length > 0
    ? asked
    : ['distance', 'quotes', 'bookings', 'corporate', 'operator', 'positions', 'web'];

if (groups.includes('web') && !existsSync('dist/index.html')) {
  console.error('No build found: run `npm run build` first.');
  process.exit(1);
}

const rows: [string, string][] = [];
for (const group of groups) rows.push(...(await GROUPS[group]()));
console.log(`\n${'Figure'.padEnd(76)}  Value`);
console.log(`${'-'.repeat(76)}  ${'-'.repeat(10)}`);
for (const [name, value] of rows) console.log(`${name.padEnd(76)}  ${value}`);
