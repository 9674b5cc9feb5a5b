import { describe, expect, it } from 'vitest';
import { lazySchemas, payloadSchemas } from '../../../src/shared/protocol.ts';

describe('lazySchemas', () => {
  it('builds a schema only when it is first read, and once', () => {
    const built: string[] = [];
    const map = lazySchemas({
      one: () => {
        built.push('one');
        return { name: 'one' };
      },
      two: () => {
        built.push('two');
        return { name: 'two' };
      },
    });
    expect(built).toEqual([]);
    expect('one' in map && 'two' in map).toBe(true);
    expect(Object.keys(map)).toEqual(['one', 'two']);
    expect(built).toEqual([]);
    const first = map.one;
    expect(map.one).toBe(first);
    expect(built).toEqual(['one']);
  });
});

describe('payloadSchemas', () => {
  it('builds no message schema at import, and one per type at its first read', () => {
    const unbuilt = (type: string) =>
      typeof Object.getOwnPropertyDescriptor(payloadSchemas, type)?.get === 'function';
    const types = Object.keys(payloadSchemas);
    expect(types.length).toBeGreaterThan(30);
    expect(types.filter((type) => !unbuilt(type))).toEqual([]);

    const schema = payloadSchemas['order.get'];
    expect(payloadSchemas['order.get']).toBe(schema);
    expect(schema.safeParse({ localId: 'a' }).success).toBe(true);
    expect(schema.safeParse({ localId: '' }).success).toBe(false);
    expect(types.filter((type) => !unbuilt(type))).toEqual(['order.get']);
  });
});
