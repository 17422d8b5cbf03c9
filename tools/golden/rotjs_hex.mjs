// Golden hex fields of view from rot.js: PreciseShadowcasting, topology 6.
//
//   (cd web && npm ci) && node tools/golden/rotjs_hex.mjs [OUT]
//
// (default OUT: crates/sightlines/tests/data/rotjs_hex.json). rot-js comes
// from web/node_modules (web/package.json pins it); the version used is
// written into the output.
//
// rot.js indexes hexes in "double-width" coordinates: row y, x + y even,
// neighbours at x ± 2 and (x ± 1, y ± 1); its hex display shifts odd rows
// right, so its maps are odd-r offset maps with x = 2 * col + (row & 1).
// Our axial coordinates are q = (x - y) / 2, r = y.
//
// Maps are odd-r rectangles of `w` columns by `h` rows, written as rows of
// '#' (opaque) and '.' (floor); the viewer is a floor hex. `visible` has the
// same rows with '*' where rot.js calls back for a hex of the map (it also
// calls back for hexes off the map, which we never report: dropped here).
// Everything is built here from fixed seeds: rerunning gives the same file.
import { readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { dirname, join } from 'node:path';
import assert from 'node:assert/strict';

const root = dirname(dirname(dirname(fileURLToPath(import.meta.url))));
const web = createRequire(join(root, 'web', 'package.json'));
const rotDir = dirname(web.resolve('rot-js/package.json'));
const rotVersion = JSON.parse(readFileSync(join(rotDir, 'package.json'), 'utf8')).version;
const { default: PreciseShadowcasting } = await import(
  pathToFileURL(join(rotDir, 'lib', 'fov', 'precise-shadowcasting.js')).href
);
const out = process.argv[2] ?? join(root, 'crates', 'sightlines', 'tests', 'data', 'rotjs_hex.json');

// mulberry32: small, fixed, the same in every node.
function rng(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const toRot = (col, row) => [2 * col + (row & 1), row];
const fromRot = (x, y) => {
  assert.equal((x + y) & 1, 0, `rot.js asked about (${x}, ${y}), not a hex`);
  return [(x - (y & 1)) / 2, y];
};
const axial = (col, row) => [col - (row - (row & 1)) / 2, row];

// rot.js's field of view from offset `origin` over `rows` (strings of '#'/'.').
function rotFov(rows, origin, radius) {
  const h = rows.length;
  const w = rows[0].length;
  const passes = (x, y) => {
    const [col, row] = fromRot(x, y);
    return row >= 0 && row < h && col >= 0 && col < w && rows[row][col] === '.';
  };
  const fov = new PreciseShadowcasting(passes, { topology: 6 });
  const seen = rows.map((line) => Array.from(line, () => '.'));
  const [ox, oy] = toRot(...origin);
  fov.compute(ox, oy, radius, (x, y) => {
    const [col, row] = fromRot(x, y);
    if (row >= 0 && row < h && col >= 0 && col < w) seen[row][col] = '*';
  });
  return seen.map((line) => line.join(''));
}

// A hand-made check of the conversion: a 9x7 odd-r map, viewer at offset
// (4, 3) = axial (3, 3); one wall at axial (4, 3), east of the viewer, and
// one at axial (3, 4), south-east. Behind each, along its line, is dark.
// Written out as `hand_made`, for the Rust side to check its reading.
let handMade;
{
  const rows = ['.........', '.........', '.........', '.........', '.........', '.........', '.........']
    .map((line) => Array.from(line));
  const wall = (q, r) => {
    rows[r][q + (r - (r & 1)) / 2] = '#';
  };
  wall(4, 3);
  wall(3, 4);
  const map = rows.map((l) => l.join(''));
  const seen = rotFov(map, [4, 3], 5);
  handMade = { w: 9, h: 7, radius: 5, origin: [4, 3], rows: map, visible: seen };
  const at = (q, r) => seen[r][q + (r - (r & 1)) / 2] === '*';
  assert.deepEqual(axial(4, 3), [3, 3]);
  assert.ok(at(4, 3) && at(3, 4), 'walls are lit');
  assert.ok(!at(5, 3) && !at(6, 3), 'dark east, behind the east wall');
  assert.ok(!at(3, 5) && !at(3, 6), 'dark south-east, behind the other wall');
  assert.ok(at(2, 3) && at(3, 2) && at(2, 4) && at(4, 2), 'the other neighbours are seen');
}

const cases = [];
const next = rng(0x6865_7821);
const densities = [0.1, 0.2, 0.3, 0.4, 0.5];
for (let n = 0; n < 300; n++) {
  const w = 4 + Math.floor(next() * 13);
  const h = 4 + Math.floor(next() * 13);
  const density = densities[n % densities.length];
  const radius = 3 + Math.floor(next() * 6);
  const rows = [];
  for (let row = 0; row < h; row++) {
    let line = '';
    for (let col = 0; col < w; col++) line += next() < density ? '#' : '.';
    rows.push(line);
  }
  const origin = [Math.floor(next() * w), Math.floor(next() * h)];
  rows[origin[1]] = rows[origin[1]].slice(0, origin[0]) + '.' + rows[origin[1]].slice(origin[0] + 1);
  cases.push({ w, h, density, radius, origin, rows, visible: rotFov(rows, origin, radius) });
}

const doc = {
  source: `rot-js ${rotVersion}, PreciseShadowcasting, topology 6 (tools/golden/rotjs_hex.mjs)`,
  layout: 'odd-r',
  hand_made: handMade,
  cases,
};
// One case a line: small diffs when rot.js changes.
const text = JSON.stringify(doc, null, 1).replace(/\n {3,}/g, ' ').replace(/\n  \]/g, ' ]').replace(/\n  \}/g, ' }');
writeFileSync(out, text + '\n');
console.log(`${cases.length} cases -> ${out}`);
