// The module's exported functions, called directly with random and extreme
// arguments: every call returns (a result or a negative error code), none
// traps. The package checks its arguments first; this is the module's own
// guarantee behind it.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { root, rng } from './helpers.mjs';

test('random and extreme arguments never trap the module', async () => {
  const bytes = readFileSync(join(root, 'web', 'pkg', 'sightlines.wasm'));
  const { instance } = await WebAssembly.instantiate(bytes, {});
  const w = instance.exports;
  const r = rng(4242);
  const extremes = [0, 1, -1, 2, -2, 0x7fffffff, -0x80000000, 0xffffffff, 255, 256, 1 << 24, (1 << 24) + 1];
  const int = () => (r.chance(0.3) ? extremes[r.below(extremes.length)] : r.below(40) - 5);
  const small = () => (r.chance(0.1) ? extremes[r.below(extremes.length)] : r.below(24));
  const float = () => [NaN, Infinity, -Infinity, 0, 90, 360, 1e308, -45.5, 720][r.below(9)];
  const handles = [w.sightlines_new(), w.sightlines_new(), 0, -1, 99];
  const h = () => handles[r.below(handles.length)];
  const calls = [
    () => w.sightlines_input(h(), r.chance(0.05) ? 0xffffffff : r.below(700)),
    () => w.sightlines_load_map(h(), small(), small()),
    () => w.sightlines_set_tile(h(), int(), int(), int()),
    () => w.sightlines_generate(h(), int(), small(), small(), int(), int()),
    () => w.sightlines_map_bytes(h()),
    () => w.sightlines_set_algorithm(h(), r.chance(0.2) ? 0xffffffff : r.below(30)),
    () => w.sightlines_compute(h(), int(), int(), int(), int(), int(), float(), float()),
    () => w.sightlines_tiles(h()),
    () => w.sightlines_can_see(h(), int(), int(), int(), int(), int(), int(), int()),
    () => w.sightlines_remember(h()),
    () => w.sightlines_forget(h()),
    () => w.sightlines_knowledge(h()),
    () => w.sightlines_one_way(h(), int(), int(), int()),
    () => w.sightlines_counts(h()),
    () => w.sightlines_one_way_from(h(), int(), int(), int(), int(), int()),
    () => w.sightlines_catalogue(h()),
    () => w.sightlines_bytes(h()),
    () => w.sightlines_width(h()),
    () => w.sightlines_height(h()),
    () => w.sightlines_error_len() + w.sightlines_error_ptr(),
  ];
  const outcomes = { ok: 0, error: 0 };
  for (let i = 0; i < 30000; i++) {
    const k = r.below(calls.length);
    let result;
    try {
      result = calls[k]();
    } catch (e) {
      assert.fail(`call ${i} (#${k}) trapped: ${e}`);
    }
    assert.equal(typeof result, 'number');
    outcomes[result < 0 ? 'error' : 'ok']++;
    if (r.chance(0.001)) {
      // Free and remake a context now and then: stale handles must be refused.
      const j = r.below(2);
      w.sightlines_free(handles[j]);
      if (r.chance(0.5)) handles[j] = w.sightlines_new();
    }
  }
  assert.ok(outcomes.ok > 3000 && outcomes.error > 3000, JSON.stringify(outcomes));
});
