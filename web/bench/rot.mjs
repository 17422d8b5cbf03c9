// sightlines (WebAssembly, through the JavaScript package) against rot.js,
// in node, in one run:
//   node web/build.mjs && (cd web && npm ci) && node web/bench/rot.mjs [--rounds N] [--json FILE]
//
// Workloads: the shared benchmark maps of crates/sightlines-bench/maps
// (cave at radius 16 and 32, rooms at radius 16; 1000 viewpoints each).
// Every contender gets the same map as its own kind of input (rot.js a
// lightPasses callback over a Uint8Array, ours the Uint8Array itself, copied
// into the module once) and reports each visible tile to a JavaScript
// callback: our time includes the call into wasm, the checks of the
// package's arguments and the callback for every tile.
//
// Rounds interleave the contenders, so a busy machine slows them alike;
// each field of view is timed alone (process.hrtime), and the figure is the
// median over every viewpoint of every round.
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { dirname, join } from 'node:path';
import * as S from '../pkg/sightlines.mjs';
import ROT from 'rot-js';

const root = dirname(dirname(dirname(fileURLToPath(import.meta.url))));
const maps = join(root, 'crates', 'sightlines-bench', 'maps');
const arg = (name, fallback) => {
  const i = process.argv.indexOf(name);
  return i > 0 ? process.argv[i + 1] : fallback;
};
const rounds = Number(arg('--rounds', 7));

function load(name) {
  const rows = readFileSync(join(maps, `${name}.txt`), 'utf8').trimEnd().split('\n');
  const width = rows[0].length;
  const height = rows.length;
  const opaque = new Uint8Array(width * height);
  rows.forEach((row, y) => { for (let x = 0; x < width; x++) opaque[y * width + x] = row[x] === '#' ? 1 : 0; });
  const viewpoints = readFileSync(join(maps, `${name}.viewpoints.txt`), 'utf8').split('\n')
    .filter((l) => l.trim() && !l.startsWith('#')).map((l) => l.trim().split(/\s+/).map(Number));
  return { width, height, opaque, viewpoints };
}

await S.init();

function contenders(map, radius) {
  const { width, height, opaque } = map;
  const lightPasses = (x, y) => x >= 0 && y >= 0 && x < width && y < height && opaque[y * width + x] === 0;
  const list = [];
  for (const [name, Fov] of [['rot.js PreciseShadowcasting', ROT.FOV.PreciseShadowcasting], ['rot.js RecursiveShadowcasting', ROT.FOV.RecursiveShadowcasting]]) {
    const fov = new Fov(lightPasses, { topology: 8 });
    list.push({ name, peer: true, run: (x, y, visit) => fov.compute(x, y, radius, visit) });
  }
  for (const algorithm of ['symmetric-shadowcast', 'recursive-shadowcast', 'precise-permissive']) {
    const fov = new S.FieldOfView(map, { algorithm, radius });
    list.push({ name: `sightlines wasm ${algorithm}`, peer: false, run: (x, y, visit) => fov.compute(x, y, visit) });
  }
  return list;
}

function median(xs) {
  const s = Float64Array.from(xs).sort();
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
}

const results = [];
for (const [mapName, radius] of [['cave', 16], ['cave', 32], ['rooms', 16]]) {
  const map = load(mapName);
  const list = contenders(map, radius);
  const times = list.map(() => []);
  const tiles = list.map(() => 0);
  let count = 0;
  const visit = () => { count++; };
  // Warm-up: one pass each, for the JIT and the module's buffers.
  for (const c of list) for (const [x, y] of map.viewpoints) c.run(x, y, visit);
  for (let round = 0; round < rounds; round++) {
    list.forEach((c, i) => {
      count = 0;
      for (const [x, y] of map.viewpoints) {
        const t0 = process.hrtime.bigint();
        c.run(x, y, visit);
        times[i].push(Number(process.hrtime.bigint() - t0) / 1000);
      }
      tiles[i] = count / map.viewpoints.length;
    });
  }
  const rows = list.map((c, i) => ({ name: c.name, peer: c.peer, median: median(times[i]), tiles: tiles[i] }));
  const fastestPeer = Math.min(...rows.filter((r) => r.peer).map((r) => r.median));
  for (const r of rows) r.speedup = fastestPeer / r.median;
  results.push({ workload: `${mapName}-r${radius}`, viewpoints: map.viewpoints.length, rows });
}

const lines = [];
lines.push(`node ${process.version}, ${rounds} rounds x 1000 viewpoints, median time per field of view (µs), mean tiles per field, and the fastest rot.js time over ours.`);
lines.push('');
lines.push('| contender | ' + results.map((r) => `${r.workload} µs | tiles | vs rot.js`).join(' | ') + ' |');
lines.push('| --- |' + results.map(() => ' ---: | ---: | ---: |').join(''));
for (let i = 0; i < results[0].rows.length; i++) {
  const cells = results.map((r) => {
    const row = r.rows[i];
    return `${row.median.toFixed(2)} | ${row.tiles.toFixed(1)} | ${row.peer ? '' : `${row.speedup.toFixed(2)}x`}`;
  });
  lines.push(`| ${results[0].rows[i].name} | ${cells.join(' | ')} |`);
}
console.log(lines.join('\n'));
const out = arg('--json');
if (out) writeFileSync(out, JSON.stringify({ node: process.version, rounds, results }, null, 2));
