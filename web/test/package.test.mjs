// The JavaScript package on its own: its API, its callback and mask paths
// agreeing, the game layer, and clear Errors for bad input.
import { test, before } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import * as S from '../pkg/sightlines.mjs';
import { rng, randomMap, maskTiles, SHAPES } from './helpers.mjs';

before(async () => {
  await S.init();
  await S.init(); // a second call is harmless
});

test('the catalogue lists every algorithm with its properties', () => {
  const ids = S.algorithms();
  assert.equal(ids.length, 17);
  assert.deepEqual(ids.slice(0, 4), ['precise-permissive', 'diamond-shadowcast', 'symmetric-shadowcast', 'recursive-shadowcast']);
  const pp = S.catalogue().find((e) => e.id === 'precise-permissive');
  assert.equal(pp.symmetric, 'yes');
  assert.equal(pp.sight, 'tile to tile');
  assert.equal(S.catalogue().find((e) => e.id === 'recursive-shadowcast').symmetric, 'no');
  assert.equal(pp.diagonalRule, 'yes');
  assert.equal(S.catalogue().find((e) => e.id === 'restrictive').diagonalRule, 'no');
});

test('diagonalGaps block seals a staircase of walls', () => {
  // Walls at (1, 0) and (0, 1) touch at a corner between (0, 0) and (1, 1).
  const map = { width: 3, height: 3, opaque: [0, 1, 0, 1, 0, 0, 0, 0, 0] };
  const fov = new S.FieldOfView(map, { algorithm: 'precise-permissive' });
  assert.equal(fov.computeMask(0, 0)[4], 1);
  assert.equal(fov.computeMask(0, 0, { diagonalGaps: 'block' })[4], 0);
  assert.ok(fov.canSee(0, 0, 2, 2));
  fov.setOptions({ diagonalGaps: 'block' });
  assert.ok(!fov.canSee(0, 0, 2, 2));
  assert.ok(!fov.canSee(0, 0, 1, 1));
  fov.free();
});

test('a pillar hides the tile behind it', () => {
  const fov = new S.FieldOfView({ width: 3, height: 3, opaque: [0, 0, 0, 0, 1, 0, 0, 0, 0] });
  const mask = fov.computeMask(0, 0);
  assert.deepEqual([...mask], [1, 1, 1, 1, 1, 1, 1, 1, 0]);
  fov.free();
});

test('callback, mask, plain arrays and booleans agree for every algorithm', () => {
  const r = rng(1);
  for (let round = 0; round < 30; round++) {
    const map = randomMap(r, 30, 20);
    const plain = { ...map, opaque: Array.from(map.opaque, (v) => v === 1) };
    for (const algorithm of S.algorithms()) {
      const options = { algorithm, radius: r.chance(0.3) ? null : r.below(12), shape: SHAPES[r.below(4)], litWalls: r.chance(0.7) };
      const a = new S.FieldOfView(map, options);
      const b = new S.FieldOfView(plain, options);
      const x = r.below(map.width);
      const y = r.below(map.height);
      const mask = a.computeMask(x, y);
      const seen = [];
      const n = b.compute(x, y, (tx, ty) => seen.push(`${tx},${ty}`));
      assert.equal(n, seen.length);
      assert.deepEqual(seen, maskTiles(mask, map.width), `${algorithm} from ${x},${y}: row by row`);
      assert.equal(mask[y * map.width + x], 1, 'the origin is always visible');
      a.free();
      b.free();
    }
  }
});

test('a bounded lightPasses map sees as the same typed array', () => {
  const r = rng(2);
  for (let round = 0; round < 20; round++) {
    const map = randomMap(r, 25, 25);
    const pass = (x, y) => map.opaque[y * map.width + x] === 0;
    for (const algorithm of S.algorithms()) {
      const options = { algorithm, radius: r.chance(0.3) ? null : r.below(10), shape: SHAPES[r.below(4)] };
      const grid = new S.FieldOfView(map, options);
      const cb = new S.FieldOfView({ lightPasses: (x, y) => {
        assert.ok(x >= 0 && y >= 0 && x < map.width && y < map.height, 'read only on the map');
        return pass(x, y);
      }, width: map.width, height: map.height }, options);
      const x = r.below(map.width);
      const y = r.below(map.height);
      assert.deepEqual(cb.computeMask(x, y), grid.computeMask(x, y), `${algorithm} from ${x},${y}`);
      grid.free();
      cb.free();
    }
  }
});

test('an unbounded lightPasses map sees as a large map far from its edges', () => {
  const r = rng(3);
  const size = 80;
  const opaque = new Uint8Array(size * size).map(() => (r.chance(0.25) ? 1 : 0));
  const big = { width: size, height: size, opaque };
  for (const algorithm of S.algorithms()) {
    const radius = 3 + r.below(12);
    const shape = SHAPES[r.below(4)];
    const x = 20 + r.below(40);
    const y = 20 + r.below(40);
    const grid = new S.FieldOfView(big, { algorithm, radius, shape });
    const open = new S.FieldOfView({ lightPasses: (tx, ty) => opaque[ty * size + tx] === 0 }, { algorithm, radius, shape });
    const want = [];
    grid.compute(x, y, (tx, ty) => want.push(`${tx},${ty}`));
    want.sort();
    const got = [];
    open.compute(x, y, (tx, ty) => got.push(`${tx},${ty}`));
    got.sort();
    assert.deepEqual(got, want, `${algorithm} r${radius} ${shape}`);
    // Its coordinates are the caller's, negative ones too.
    const shifted = new S.FieldOfView({ lightPasses: (tx, ty) => opaque[(ty + 1000) * size + tx + 1000] === 0 }, { algorithm, radius, shape });
    const moved = [];
    shifted.compute(x - 1000, y - 1000, (tx, ty) => moved.push(`${tx + 1000},${ty + 1000}`));
    moved.sort();
    assert.deepEqual(moved, want);
    grid.free();
    open.free();
    shifted.free();
  }
});

test('canSee agrees with the field of view', () => {
  const r = rng(4);
  for (let round = 0; round < 20; round++) {
    const map = randomMap(r, 20, 20);
    for (const algorithm of S.algorithms()) {
      const fov = new S.FieldOfView(map, { algorithm, radius: r.below(3) === 0 ? null : r.below(10) });
      const x = r.below(map.width);
      const y = r.below(map.height);
      const mask = fov.computeMask(x, y);
      for (let k = 0; k < 10; k++) {
        const tx = r.below(map.width + 4) - 2;
        const ty = r.below(map.height + 4) - 2;
        const inside = tx >= 0 && ty >= 0 && tx < map.width && ty < map.height;
        assert.equal(fov.canSee(x, y, tx, ty), inside && mask[ty * map.width + tx] === 1, `${algorithm} ${x},${y} -> ${tx},${ty}`);
      }
      fov.free();
    }
  }
});

test('fog of war remembers what was seen and dims it', () => {
  const map = S.generateMap('rooms', 48, 24, 5);
  const fov = new S.FieldOfView(map, { radius: 6 });
  const floors = [];
  map.opaque.forEach((v, i) => { if (!v) floors.push(i); });
  const [a, b] = [floors[0], floors[floors.length - 1]];
  const maskA = fov.computeMask(a % 48, Math.floor(a / 48));
  const newA = fov.remember();
  assert.equal(newA, maskA.reduce((s, v) => s + v, 0));
  const maskB = fov.computeMask(b % 48, Math.floor(b / 48));
  fov.remember();
  const k = fov.knowledge();
  for (let i = 0; i < k.length; i++) {
    const want = maskB[i] ? 2 : maskA[i] ? 1 : 0;
    assert.equal(k[i], want, `tile ${i}`);
  }
  assert.equal(fov.remember(), 0, 'nothing new the second time');
  fov.forget();
  assert.ok(!fov.knowledge().includes(1));
  fov.free();
});

test('a cone keeps only the tiles in its directions', () => {
  const fov = new S.FieldOfView({ width: 21, height: 21, opaque: new Uint8Array(441) }, { radius: 8 });
  const east = fov.computeMask(10, 10, { cone: { direction: 0, width: 90 } });
  const all = fov.computeMask(10, 10);
  let inCone = 0;
  for (let i = 0; i < 441; i++) {
    const dx = (i % 21) - 10;
    const dy = Math.floor(i / 21) - 10;
    const want = all[i] === 1 && (dx === 0 && dy === 0 || (dx > 0 && Math.abs(dy) <= dx));
    assert.equal(east[i] === 1, want, `${dx},${dy}`);
    inCone += east[i];
  }
  assert.ok(inCone > 40);
  assert.deepEqual(fov.computeMask(10, 10, { cone: { direction: 45, width: 360 } }), all);
  fov.free();
});

test('one-way pairs: none for symmetric algorithms, some for others', () => {
  const map = S.generateMap('cave', 30, 20, 2);
  for (const entry of S.catalogue()) {
    const fov = new S.FieldOfView(map, { algorithm: entry.id });
    const { pairs, counts } = fov.oneWayPairs();
    assert.equal(counts.reduce((s, v) => s + v, 0), 2 * pairs);
    if (entry.symmetric !== 'no') assert.equal(pairs, 0, entry.id);
    if (entry.id === 'recursive-shadowcast') assert.ok(pairs > 0);
    fov.free();
  }
  const fov = new S.FieldOfView(map, { algorithm: 'recursive-shadowcast' });
  const { counts } = fov.oneWayPairs();
  const t = counts.findIndex((c) => c > 0);
  const marks = fov.oneWayFrom(t % 30, Math.floor(t / 30));
  assert.ok(marks.some((m) => m > 0), 'a tile in a one-way pair has a mark from it');
  for (let i = 0; i < marks.length; i++) {
    if (marks[i] === 0) continue;
    const [x, y] = [i % 30, Math.floor(i / 30)];
    const there = fov.canSee(t % 30, Math.floor(t / 30), x, y);
    const back = fov.canSee(x, y, t % 30, Math.floor(t / 30));
    assert.equal(marks[i], there && !back ? 1 : !there && back ? 2 : 0);
  }
  fov.free();
});

test('edits change the field of view', () => {
  const fov = new S.FieldOfView({ width: 5, height: 1, opaque: new Uint8Array(5) });
  assert.equal(fov.compute(0, 0, () => {}), 5);
  fov.setTile(2, 0, true);
  assert.equal(fov.compute(0, 0, () => {}), 3); // the wall is lit
  assert.equal(fov.compute(0, 0, () => {}, { litWalls: false }), 2);
  fov.setMap({ width: 2, height: 1, opaque: [0, 0] });
  assert.equal(fov.compute(1, 0, () => {}), 2);
  fov.free();
});

/** Throws an Error (never a wasm trap) whose message matches. */
function throwsClearly(fn, pattern) {
  assert.throws(fn, (e) => {
    assert.ok(e instanceof Error && !(e instanceof WebAssembly.RuntimeError), `a plain Error, got ${e}`);
    assert.match(e.message, pattern);
    assert.ok(!e.message.includes('\n'), 'one line');
    return true;
  });
}

test('bad input throws clear Errors', () => {
  const map = { width: 4, height: 3, opaque: new Uint8Array(12) };
  throwsClearly(() => new S.FieldOfView({ width: 4, height: 3, opaque: new Uint8Array(11) }), /the map has 11 entries, but 4 x 3 needs 12/);
  throwsClearly(() => new S.FieldOfView({ width: 0, height: 3, opaque: [] }), /width must be at least 1/);
  throwsClearly(() => new S.FieldOfView({ width: 2.5, height: 3, opaque: [] }), /width must be an integer/);
  throwsClearly(() => new S.FieldOfView(null), /the map must be/);
  throwsClearly(() => new S.FieldOfView({ width: 1, height: 1, opaque: 'x' }), /opaque must be an array/);
  throwsClearly(() => new S.FieldOfView(map, { algorithm: 'fastest' }), /unknown algorithm 'fastest'; known algorithms: precise-permissive/);
  throwsClearly(() => new S.FieldOfView(map, { shape: 'hexagon' }), /unknown shape "hexagon"/);
  throwsClearly(() => new S.FieldOfView(map, { radius: -3 }), /radius must be an integer of 0 or more/);
  throwsClearly(() => new S.FieldOfView(map, { diagonalGaps: 'seal' }), /unknown diagonalGaps "seal"; use 'pass'/);
  throwsClearly(() => new S.FieldOfView(map, { algorithm: 'restrictive', diagonalGaps: 'block' }).computeMask(0, 0), /restrictive does not support the diagonal rule.*precise-permissive/);
  const fov = new S.FieldOfView(map);
  throwsClearly(() => fov.computeMask(4, 0), /origin \(4, 0\) is off the 4 x 3 map/);
  throwsClearly(() => fov.compute(-1, 2, () => {}), /origin \(-1, 2\) is off the 4 x 3 map/);
  throwsClearly(() => fov.computeMask(1.5, 0), /x must be an integer, got 1.5/);
  throwsClearly(() => fov.computeMask(0, NaN), /y must be an integer, got NaN/);
  throwsClearly(() => fov.computeMask(0, 2 ** 40), /outside the 32-bit range/);
  throwsClearly(() => fov.compute(0, 0), /compute needs a callback/);
  throwsClearly(() => fov.computeMask(0, 0, { algorithm: 'permissive-9' }), /unknown algorithm 'permissive-9'/);
  throwsClearly(() => fov.computeMask(0, 0, { radius: 2.5 }), /radius must be an integer/);
  throwsClearly(() => fov.computeMask(0, 0, { cone: { direction: NaN, width: 90 } }), /cone direction and width must be finite/);
  throwsClearly(() => fov.computeMask(0, 0, {}, new Uint8Array(3)), /out must be a Uint8Array of 12 entries/);
  throwsClearly(() => fov.canSee(0, 5, 0, 0), /origin \(0, 5\) is off the 4 x 3 map/);
  throwsClearly(() => fov.setTile(9, 9, true), /tile \(9, 9\) is off the 4 x 3 map/);
  throwsClearly(() => fov.oneWayFrom(7, 0), /origin \(7, 0\) is off/);
  // Still usable after every error.
  assert.equal(fov.compute(0, 0, () => {}), 12);
  fov.free();
  throwsClearly(() => fov.computeMask(0, 0), /was freed/);

  const open = new S.FieldOfView({ lightPasses: () => true });
  throwsClearly(() => open.compute(0, 0, () => {}), /unbounded, so the range needs a radius/);
  throwsClearly(() => open.computeMask(0, 0, { radius: 3 }), /computeMask needs a map with a width and height/);
  throwsClearly(() => open.remember(), /remember needs a map given as \{width, height, opaque\}/);
  open.free();
  throwsClearly(() => new S.FieldOfView({ lightPasses: 3 }), /lightPasses must be a function/);

  throwsClearly(() => S.generateMap('maze', 10, 10), /unknown map kind "maze"/);
  throwsClearly(() => S.generateMap('cave', 10, 0), /height must be at least 1/);
  const huge = new S.FieldOfView({ width: 200, height: 200, opaque: new Uint8Array(40000) });
  throwsClearly(() => huge.oneWayPairs(), /use a map of at most 128 x 128 tiles/);
  huge.free();
});

test('using the package before init() says so', () => {
  const url = new URL('../pkg/sightlines.mjs', import.meta.url).href;
  const r = spawnSync(process.execPath, ['--input-type=module', '-e',
    `import { FieldOfView } from ${JSON.stringify(url)}; try { new FieldOfView({ width: 1, height: 1, opaque: [0] }); } catch (e) { console.log(e.message); }`],
  { encoding: 'utf8' });
  assert.match(r.stdout, /call `await init\(\)` first/);
});

test('many maps made and freed reuse the module memory', () => {
  const map = S.generateMap('cave', 100, 60, 1);
  const first = new S.FieldOfView(map);
  const handle = first.handle;
  first.free();
  for (let i = 0; i < 300; i++) {
    const f = new S.FieldOfView(map, { radius: 10 });
    f.computeMask(50, 30);
    f.free();
  }
  const again = new S.FieldOfView(map);
  assert.equal(again.handle, handle, 'the freed handle is reused');
  again.free();
});
