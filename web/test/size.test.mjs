// The playground's weight and independence: under 500 KB in all (the wasm
// inlined), and nothing fetched from the network.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { root } from './helpers.mjs';

const folder = join(root, 'web', 'playground');

test('the playground folder is under 500 KB', () => {
  const files = readdirSync(folder).filter((f) => statSync(join(folder, f)).isFile());
  assert.ok(files.includes('sightlines.js'), 'built by node web/build.mjs');
  const total = files.reduce((s, f) => s + statSync(join(folder, f)).size, 0);
  console.log(`# web/playground: ${total} bytes (${files.join(', ')})`);
  assert.ok(total < 500 * 1024, `${total} bytes`);
});

test('the page loads nothing from the network', () => {
  for (const f of ['index.html', 'app.js', 'style.css']) {
    const text = readFileSync(join(folder, f), 'utf8');
    assert.doesNotMatch(text, /(src|href)\s*=\s*["']?(https?:)?\/\//i, f);
    assert.doesNotMatch(text, /fetch\(|XMLHttpRequest|import\(/, f);
  }
});
