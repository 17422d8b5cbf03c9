// Shared by the node and browser tests: a seeded random generator, random
// maps and cases, and the CLI (`sightlines show --format json`) as the oracle.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { dirname, join } from 'node:path';

export const root = dirname(dirname(dirname(fileURLToPath(import.meta.url))));

/** The CLI binary: $SIGHTLINES_CLI, else the workspace's test-profile build. */
export function cliPath() {
  const path = process.env.SIGHTLINES_CLI ?? join(root, 'target', 'debug', 'sightlines');
  if (!existsSync(path)) {
    throw new Error(`no sightlines CLI at ${path}; run tools/test-web.sh, or cargo build --profile test -p sightlines-cli and set SIGHTLINES_CLI`);
  }
  return path;
}

export function cli(args, input) {
  const r = spawnSync(cliPath(), args, { input, encoding: 'utf8' });
  if (r.error) throw r.error;
  return r;
}

/** xorshift-style 32-bit generator: the same seed, the same cases. */
export function rng(seed) {
  let s = (seed >>> 0) || 1;
  const next = () => {
    s ^= s << 13; s >>>= 0;
    s ^= s >>> 17;
    s ^= s << 5; s >>>= 0;
    return s;
  };
  return { next, below: (n) => next() % n, chance: (p) => next() % 1000 < p * 1000 };
}

export function randomMap(r, maxW = 40, maxH = 30) {
  const width = 1 + r.below(maxW);
  const height = 1 + r.below(maxH);
  const density = 0.05 + r.below(45) / 100;
  const opaque = new Uint8Array(width * height);
  for (let i = 0; i < opaque.length; i++) opaque[i] = r.chance(density) ? 1 : 0;
  return { width, height, opaque };
}

export function mapText({ width, height, opaque }) {
  let s = '';
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) s += opaque[y * width + x] ? '#' : '.';
    s += '\n';
  }
  return s;
}

export const SHAPES = ['square', 'diamond', 'circle', 'circle-plus'];

/** A random case: map, origin and settings. */
export function randomCase(r, algorithms) {
  const map = randomMap(r);
  return {
    map,
    x: r.below(map.width),
    y: r.below(map.height),
    algorithm: algorithms[r.below(algorithms.length)],
    radius: r.chance(0.3) ? null : r.below(15),
    shape: SHAPES[r.below(4)],
    litWalls: r.chance(0.75),
  };
}

/** The CLI's visible tiles for a case, as sorted "x,y" strings. */
export function cliVisible(c) {
  const args = ['show', '-', '--at', `${c.x},${c.y}`, '--algorithm', c.algorithm, '--shape', c.shape, '--format', 'json'];
  if (c.radius !== null) args.push('--radius', String(c.radius));
  if (!c.litWalls) args.push('--dark-walls');
  if (c.diagonalGaps === 'block') args.push('--diagonal-gaps', 'block');
  const r = cli(args, mapText(c.map));
  if (r.status !== 0) throw new Error(`sightlines ${args.join(' ')} failed: ${r.stderr}`);
  const json = JSON.parse(r.stdout);
  return json.visible.map(([x, y]) => `${x},${y}`);
}

export function maskTiles(mask, width) {
  const out = [];
  for (let i = 0; i < mask.length; i++) if (mask[i]) out.push(`${i % width},${Math.floor(i / width)}`);
  return out;
}
