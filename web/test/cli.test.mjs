// The JavaScript package against the CLI: the same fields of view, maps and
// one-way pairs as `sightlines show --format json`, `generate` and `check`.
import { test, before } from 'node:test';
import assert from 'node:assert/strict';
import * as S from '../pkg/sightlines.mjs';
import { rng, randomCase, cli, cliVisible, mapText, maskTiles } from './helpers.mjs';

before(() => S.init());

test('fields of view equal the CLI JSON on 120 random maps and settings', () => {
  const r = rng(2026);
  const ids = S.algorithms();
  const used = new Set();
  for (let i = 0; i < 120; i++) {
    // Every algorithm at least a few times, then at random.
    const c = randomCase(r, i < ids.length * 2 ? [ids[i % ids.length]] : ids);
    used.add(c.algorithm);
    const fov = new S.FieldOfView(c.map, { algorithm: c.algorithm, radius: c.radius, shape: c.shape, litWalls: c.litWalls });
    const got = maskTiles(fov.computeMask(c.x, c.y), c.map.width);
    fov.free();
    assert.deepEqual(got, cliVisible(c), `case ${i}: ${JSON.stringify({ ...c, map: mapText(c.map) })}`);
  }
  assert.equal(used.size, ids.length);
});

test('with the diagonal rule, fields equal the CLI JSON on 40 random maps', () => {
  const r = rng(1807);
  const keeping = S.catalogue().filter((e) => e.diagonalRule === 'yes').map((e) => e.id);
  assert.ok(keeping.includes('precise-permissive') && keeping.includes('recursive-shadowcast'));
  let sealed = 0;
  for (let i = 0; i < 40; i++) {
    const c = { ...randomCase(r, keeping), diagonalGaps: 'block' };
    const options = { algorithm: c.algorithm, radius: c.radius, shape: c.shape, litWalls: c.litWalls };
    const fov = new S.FieldOfView(c.map, { ...options, diagonalGaps: 'block' });
    const got = maskTiles(fov.computeMask(c.x, c.y), c.map.width);
    const open = maskTiles(fov.computeMask(c.x, c.y, { diagonalGaps: 'pass' }), c.map.width);
    fov.free();
    assert.deepEqual(got, cliVisible(c), `case ${i}: ${JSON.stringify({ ...c, map: mapText(c.map) })}`);
    assert.ok(got.every((t) => open.includes(t)), 'the rule only hides');
    sealed += got.length < open.length;
  }
  assert.ok(sealed > 3, `the rule hid tiles in ${sealed} cases`);
});

test('generated maps equal `sightlines generate`', () => {
  for (const [kind, w, h, seed] of [['cave', 40, 20, 7], ['rooms', 50, 30, 123456789012], ['pillars', 17, 9, 0], ['cave', 3, 2, 1]]) {
    const map = S.generateMap(kind, w, h, seed);
    const args = ['generate', kind, '--size', `${w}x${h}`];
    if (kind !== 'pillars') args.push('--seed', String(seed));
    const r = cli(args);
    assert.equal(r.status, 0, r.stderr);
    assert.equal(mapText(map), r.stdout, `${kind} ${w}x${h} seed ${seed}`);
  }
});

test('one-way pairs equal `sightlines check`', () => {
  const r = rng(99);
  let nonzero = 0;
  for (const algorithm of ['recursive-shadowcast', 'raycast', 'restrictive', 'beveled', 'permissive-3', 'precise-permissive']) {
    for (let k = 0; k < 2; k++) {
      const map = S.generateMap('cave', 16 + r.below(20), 10 + r.below(12), r.next());
      const radius = k === 0 ? null : 3 + r.below(8);
      const fov = new S.FieldOfView(map, { algorithm, radius });
      const { pairs } = fov.oneWayPairs();
      fov.free();
      const args = ['check', '-', '--algorithm', algorithm];
      if (radius !== null) args.push('--radius', String(radius));
      const out = cli(args, mapText(map));
      const line = out.stdout.split('\n').find((l) => l.startsWith(`${algorithm}: `));
      assert.ok(line, out.stdout + out.stderr);
      assert.equal(pairs, Number(line.match(/: (\d+) one-way pairs/)[1]), `${algorithm} r${radius}`);
      nonzero += pairs > 0;
    }
  }
  assert.ok(nonzero > 3, 'the cases do show one-way pairs');
});
