// The TypeScript types (pkg/sightlines.d.mts) check with tsc --strict
// against an example of every call, and reject wrong calls.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { root } from './helpers.mjs';

test('the types check under tsc --strict', () => {
  const web = join(root, 'web');
  const tsc = join(web, 'node_modules', 'typescript', 'bin', 'tsc');
  const r = spawnSync(process.execPath, [tsc, '--noEmit', '--strict', '--target', 'es2022', '--module', 'nodenext',
    '--moduleResolution', 'nodenext', '--lib', 'es2022,dom', 'test/types-example.ts'], { cwd: web, encoding: 'utf8' });
  assert.equal(r.status, 0, r.stdout + r.stderr);
});
