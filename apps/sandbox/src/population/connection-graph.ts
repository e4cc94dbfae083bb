import type { ConnectionDegree } from '@outpilot/contracts';
import { randomFor } from './prng.ts';

/**
 * The first-degree connections of every member. A small-world graph: most links go to near
 * neighbours on a ring (colleagues, classmates), a few jump anywhere (the odd conference
 * contact), so the degree mix from one member is close to what a real member sees
 * (network-api.md §4: 1st ~5%, 2nd ~45%, 3rd ~40%, out of network ~10%). About a tenth of the
 * members live on small islands with no link to the rest, which gives the out-of-network share.
 */
export type ConnectionGraph = {
  /** Indices of the member's first-degree connections, ascending. */
  connectionsOf(index: number): readonly number[];
  /** Degree of every member seen from one member (cached per member). */
  degreesFrom(index: number): readonly ConnectionDegree[];
  /** True for members of the main network (not on an island). */
  isInMainNetwork(index: number): boolean;
};

const islandShare = 0.1;
const islandCount = 3;
const longJumpShare = 0.06;
const degreeCodes: readonly ConnectionDegree[] = ['SELF', 'FIRST', 'SECOND', 'THIRD', 'OUT_OF_NETWORK'];

type Component = { start: number; length: number };

function componentsFor(size: number): Component[] {
  const mainLength = Math.max(2, Math.round(size * (1 - islandShare)));
  const components: Component[] = [{ start: 0, length: mainLength }];
  const rest = size - mainLength;
  const islandLength = Math.ceil(rest / islandCount);
  for (let start = mainLength; start < size; start += islandLength) {
    components.push({ start, length: Math.min(islandLength, size - start) });
  }
  return components;
}

export function buildConnectionGraph(seed: number, size: number): ConnectionGraph {
  const components = componentsFor(size);
  const links: Set<number>[] = Array.from({ length: size }, () => new Set<number>());
  for (const { start, length } of components) {
    if (length < 2) continue;
    const window = Math.max(1, Math.min(Math.floor(length / 2), 120));
    for (let offset = 0; offset < length; offset += 1) {
      const index = start + offset;
      const random = randomFor(seed, `links:${index}`);
      // Each member starts 10-100 links; with the links others start to them this gives 20-200.
      const outgoing = Math.min(length - 1, random.int(10, 100));
      for (let made = 0; made < outgoing; made += 1) {
        const step = random.chance(longJumpShare) ? random.int(1, length - 1) : random.int(1, window);
        const sign = random.chance(0.5) ? 1 : -1;
        const target = start + ((((offset + sign * step) % length) + length) % length);
        if (target === index) continue;
        links[index]?.add(target);
        links[target]?.add(index);
      }
    }
  }
  const adjacency = links.map((set) => Int32Array.from([...set].sort((a, b) => a - b)));
  const cache = new Map<number, ConnectionDegree[]>();
  const mainLength = components[0]?.length ?? size;

  const degreesFrom = (origin: number): ConnectionDegree[] => {
    const cached = cache.get(origin);
    if (cached) return cached;
    const depth = new Int8Array(size).fill(4);
    depth[origin] = 0;
    let frontier = [origin];
    for (let level = 1; level <= 3 && frontier.length > 0; level += 1) {
      const next: number[] = [];
      for (const member of frontier) {
        for (const neighbour of adjacency[member] ?? []) {
          if (depth[neighbour] === 4) {
            depth[neighbour] = level;
            next.push(neighbour);
          }
        }
      }
      frontier = next;
    }
    const degrees = Array.from(depth, (level) => degreeCodes[level] ?? 'OUT_OF_NETWORK');
    cache.set(origin, degrees);
    return degrees;
  };

  return {
    connectionsOf: (index) => Array.from(adjacency[index] ?? []),
    degreesFrom,
    isInMainNetwork: (index) => index < mainLength,
  };
}
