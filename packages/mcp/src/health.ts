import { monitorEventLoopDelay, type IntervalHistogram } from 'node:perf_hooks';

let histogram: IntervalHistogram | undefined;

/** Starts sampling the event loop's delay (10 ms resolution); once per process. */
export function watchEventLoop(): void {
  if (histogram) return;
  histogram = monitorEventLoopDelay({ resolution: 10 });
  histogram.enable();
}

export interface GatewayHealth {
  /** Event-loop delay since the previous reading (or the start), in ms; the sampling resolution (10 ms) is included. */
  eventLoopDelayMs: { p50: number; p99: number; max: number; samples: number };
  rssMb: number;
  heapUsedMb: number;
}

const ms = (ns: number) => Math.round((ns / 1e6) * 10) / 10;
const mb = (bytes: number) => Math.round((bytes / 2 ** 20) * 10) / 10;

/** The gateway's own health: event-loop delay since the last reading (which starts a new window), memory. */
export function readHealth(): GatewayHealth {
  const h = histogram;
  const delay = h && h.count > 0 ? { p50: ms(h.percentile(50)), p99: ms(h.percentile(99)), max: ms(h.max), samples: h.count } : { p50: 0, p99: 0, max: 0, samples: 0 };
  h?.reset();
  const mem = process.memoryUsage();
  return { eventLoopDelayMs: delay, rssMb: mb(mem.rss), heapUsedMb: mb(mem.heapUsed) };
}
