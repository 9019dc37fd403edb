// `npm run soak`: SOAK_CYCLES (default 1,000) launch -> breakpoint -> evaluate -> stop cycles over
// Python, Node and Java in one gateway; prints RSS, open fds and leftovers; exits 1 if a bound broke.
import { brokenBounds, soak } from '../support/soak-run.js';

const n = Number(process.env.SOAK_CYCLES ?? 1_000);
const r = await soak(n, (line) => console.log(line));
console.log(JSON.stringify(r, null, 1));
console.log(`soak: ${r.cycles} cycles (${Object.entries(r.perLanguage).map(([l, c]) => `${l} ${c}`).join(', ')}) in ${r.seconds} s; gateway RSS ${Math.round(r.rssStartKb / 1024)} MB at start, ${Math.round(r.rssWarmKb / 1024)} MB after warm-up, ${Math.round(r.rssEndKb / 1024)} MB at the end (${r.growthPercent} %); open fds ${r.fdsWarm} -> ${r.fdsEnd}; leftover processes: ${r.leftover.length}`);
const broken = brokenBounds(r, n);
if (broken.length) {
  console.error(`soak bounds broken:\n${broken.join('\n')}`);
  process.exit(1);
}
