import { describe, expect, it } from 'vitest';
import { type Clock, ManualClock } from '../../../sandbox/index.ts';
import { seededRandom } from '../../../sandbox/server/clock.ts';
import { MinHeap } from '../../../sandbox/server/min-heap.ts';
import { OrderIndex } from '../../../sandbox/server/order-index.ts';
import type { OrderJob } from '../../../sandbox/server/order-job.ts';
import { SandboxTime } from '../../../sandbox/server/sandbox-time.ts';

const START = Date.UTC(2026, 0, 5, 9, 0, 0);

describe('ManualClock', () => {
  it('fires due timers in time order, at their own time, with those they set', () => {
    const clock = new ManualClock(START);
    const fired: [string, number][] = [];
    clock.setTimeout(() => fired.push(['b', clock.now() - START]), 20);
    clock.setTimeout(() => {
      fired.push(['a', clock.now() - START]);
      clock.setTimeout(() => fired.push(['a2', clock.now() - START]), 5);
    }, 10);
    const late = clock.setTimeout(() => fired.push(['late', clock.now() - START]), 100);
    clock.advance(99);
    expect(fired).toEqual([
      ['a', 10],
      ['a2', 15],
      ['b', 20],
    ]);
    expect(clock.now()).toBe(START + 99);
    clock.clearTimeout(late);
    clock.advance(1_000);
    expect(fired).toHaveLength(3);
    expect(clock.pending).toBe(0);
  });
});

describe('SandboxTime', () => {
  it('carries out entries in time order, each told its due time, when the clock reaches them', () => {
    const clock = new ManualClock(START);
    const time = new SandboxTime(clock);
    const done: number[] = [];
    time.at(START + 30, (at) => done.push(at - START));
    time.at(START + 10, (at) => {
      done.push(at - START);
      time.after(5, (later) => done.push(later - START));
    });
    const off = time.at(START + 20, (at) => done.push(at - START));
    off();
    clock.advance(29);
    expect(done).toEqual([10, 15]);
    time.advance(1);
    expect(done).toEqual([10, 15, 30]);
  });

  it('adds an offset on a clock that cannot be moved, and runs what falls due', () => {
    let now = START;
    const timers: (() => void)[] = [];
    const fixed: Clock = {
      now: () => now,
      setTimeout: (run) => timers.push(run),
      clearTimeout: () => undefined,
    };
    const time = new SandboxTime(fixed);
    const done: number[] = [];
    time.after(60_000, (at) => done.push(at - START));
    expect(time.advance(59_999)).toBe(START + 59_999);
    expect(done).toEqual([]);
    time.advance(1);
    expect(done).toEqual([60_000]);
    // Real time moves on under the offset.
    now += 1_000;
    expect(time.now()).toBe(START + 61_000);
  });
});

describe('MinHeap', () => {
  it('pops in order whatever the order of pushes', () => {
    const random = seededRandom(3);
    const values = Array.from({ length: 500 }, () => Math.floor(random() * 100));
    const heap = new MinHeap<number>((a, b) => a < b);
    for (const value of values) heap.push(value);
    const popped: number[] = [];
    for (let value = heap.pop(); value !== undefined; value = heap.pop()) popped.push(value);
    expect(popped).toEqual([...values].sort((a, b) => a - b));
  });
});

describe('OrderIndex', () => {
  it('pages placed orders exactly as filtering and sorting them all would', () => {
    const random = seededRandom(9);
    const index = new OrderIndex();
    const jobs: OrderJob[] = [];
    const retailers = ['amazon', 'walmart', 'costco'];
    for (let seq = 1; seq <= 400; seq++) {
      const job = {
        seq,
        token: random() < 0.8 ? 'a' : 'b',
        createdAt: START + Math.floor(seq / 3) * 1_000,
        parsed: { retailer: retailers[Math.floor(random() * 3)] },
      } as unknown as OrderJob;
      jobs.push(job);
      index.orderAdded(job);
    }
    // Orders get placed in an order of their own, not the order they arrived in.
    const placed = jobs.filter(() => random() < 0.7).sort(() => random() - 0.5);
    for (const job of placed) index.orderPlaced(job);
    const reference = (query: Parameters<OrderIndex['list']>[1]) =>
      placed
        .filter(
          (job) =>
            job.token === 'a' &&
            (query.retailer === undefined || job.parsed.retailer === query.retailer) &&
            (query.startingAfter === undefined || job.createdAt >= query.startingAfter) &&
            (query.endingBefore === undefined || job.createdAt < query.endingBefore),
        )
        .sort((x, y) => y.createdAt - x.createdAt || y.seq - x.seq)
        .slice(query.skip, query.skip + query.limit);
    for (const query of [
      { skip: 0, limit: 10 },
      { skip: 37, limit: 25 },
      { skip: 0, limit: 1_000, retailer: 'walmart' },
      { skip: 3, limit: 7, startingAfter: START + 20_000, endingBefore: START + 60_000 },
      { skip: 0, limit: 50, retailer: 'costco', startingAfter: START + 100_000 },
      { skip: 500, limit: 10 },
    ]) {
      const page = index.list('a', query);
      expect(
        page.map((job) => job.seq),
        JSON.stringify(query),
      ).toEqual(reference(query).map((job) => job.seq));
    }
    expect(index.counts()).toEqual({
      a: { orders: jobs.filter((job) => job.token === 'a').length, cancellations: 0 },
      b: { orders: jobs.filter((job) => job.token === 'b').length, cancellations: 0 },
    });
  });
});
