// The playground in a real browser: headless Chromium (Debian's package)
// driven by playwright-core. It loads the page from file:// and from a
// local static server, draws walls, drags the viewer, switches algorithms,
// loads shared links, walks, and checks the page's fields against the CLI.
//
// CHROMIUM names the browser (default: chromium on PATH). Results (frame
// times, load time) go to web/test-output/; SIGHTLINES_SCREENSHOT=1 also
// refreshes web/playground-screenshot.png for the README.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { createServer } from 'node:http';
import { readFileSync, mkdirSync, writeFileSync, copyFileSync } from 'node:fs';
import { join, extname } from 'node:path';
import { pathToFileURL } from 'node:url';
import { chromium } from 'playwright-core';
import { root, rng, randomMap, cli, cliVisible, mapText } from '../test/helpers.mjs';

const playground = join(root, 'web', 'playground');
const pageUrl = pathToFileURL(join(playground, 'index.html')).href;
const output = join(root, 'web', 'test-output');
let browser;

function chromiumPath() {
  if (process.env.CHROMIUM) return process.env.CHROMIUM;
  for (const name of ['chromium', 'chromium-browser']) {
    try {
      return execFileSync('sh', ['-c', `command -v ${name}`], { encoding: 'utf8' }).trim();
    } catch { /* next */ }
  }
  throw new Error('no chromium found; install it (apt-get install chromium) or set CHROMIUM to its path');
}

before(async () => {
  mkdirSync(output, { recursive: true });
  // No sandbox (CI runs as root); no background networking: the machine's
  // network is closed, and the page needs none.
  browser = await chromium.launch({
    executablePath: chromiumPath(),
    args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
});

after(async () => {
  await browser?.close();
});

/** A page that fails the test on any script error or network request. */
async function open(hash = '', viewport = { width: 1280, height: 720 }, base = pageUrl) {
  const page = await browser.newPage({ viewport });
  const problems = [];
  page.on('pageerror', (e) => problems.push(`page error: ${e.message}`));
  page.on('console', (m) => { if (m.type() === 'error') problems.push(`console error: ${m.text()}`); });
  page.on('request', (r) => {
    const u = r.url();
    if (!u.startsWith('file:') && !u.startsWith(base.split('/').slice(0, 3).join('/')) && !u.startsWith('data:')) problems.push(`network request: ${u}`);
  });
  page.problems = problems;
  await page.goto(base + hash);
  await page.waitForSelector('body[data-ready="1"]', { timeout: 15000 });
  await settle(page);
  return page;
}

/** Waits until the page has drawn its pending frame. */
async function settle(page) {
  await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
}

function encodeMap(opaque) {
  const bytes = Buffer.alloc(Math.ceil(opaque.length / 8));
  for (let i = 0; i < opaque.length; i++) if (opaque[i]) bytes[i >> 3] |= 1 << (i & 7);
  return bytes.toString('base64url');
}

function hashOf(c, algorithms) {
  const p = new URLSearchParams({
    w: c.map.width, h: c.map.height, map: encodeMap(c.map.opaque), at: `${c.x},${c.y}`,
    alg: algorithms.join(','), r: c.radius === null ? 'none' : c.radius, shape: c.shape, lit: c.litWalls ? 1 : 0,
  });
  if (c.diagonalGaps === 'block') p.set('gaps', 'block');
  return `#${p}`;
}

/** The page's state as a CLI case, for panel i. */
async function pageCase(page, i) {
  const s = await page.evaluate((k) => {
    const st = globalThis.playground.state;
    return { width: st.width, height: st.height, opaque: Array.from(st.opaque), x: st.viewer.x, y: st.viewer.y,
      algorithm: st.algorithms[k], radius: st.radius, shape: st.shape, litWalls: st.litWalls };
  }, i);
  return { map: { width: s.width, height: s.height, opaque: s.opaque }, ...s };
}

async function pageVisible(page, i) {
  return (await page.evaluate((k) => globalThis.playground.visible(k), i)).map(([x, y]) => `${x},${y}`);
}

async function assertPanelsMatchCli(page, label) {
  const n = await page.evaluate(() => globalThis.playground.state.algorithms.length);
  for (let i = 0; i < n; i++) {
    const c = await pageCase(page, i);
    assert.deepEqual(await pageVisible(page, i), cliVisible(c), `${label}, panel ${i} (${c.algorithm})`);
  }
  return n;
}

/** The centre of tile (x, y) of panel i, in page pixels. */
async function tileCenter(page, i, x, y) {
  const box = await page.locator('#panels canvas').nth(i).boundingBox();
  const { width, height } = await page.evaluate(() => globalThis.playground.state);
  return { x: box.x + ((x + 0.5) * box.width) / width, y: box.y + ((y + 0.5) * box.height) / height };
}

test('loads from file:// without network, fast, and shows its fields', async () => {
  const t0 = Date.now();
  const page = await open();
  const ms = Date.now() - t0;
  // From navigation to the first fields drawn, as the page measures it.
  const readyMs = await page.evaluate(() => globalThis.playground.readyMs);
  writeFileSync(join(output, 'load.json'), JSON.stringify({ readyMs, withNewTabMs: ms }, null, 2));
  console.log(`# playground ready ${readyMs.toFixed(0)} ms after navigation from file:// (${ms} ms with a new tab)`);
  // Readable at 1280x720: the first map is on screen and wide.
  const box = await page.locator('#panels canvas').first().boundingBox();
  assert.ok(box.width >= 400 && box.y < 200 && box.x + box.width <= 1280, JSON.stringify(box));
  const panels = await page.evaluate(() => globalThis.playground.panels());
  assert.equal(panels.length, 4);
  assert.ok(panels.every((p) => p.seen > 1));
  await assertPanelsMatchCli(page, 'the default page');
  assert.deepEqual(page.problems, []);
  await page.close();
});

test('loads from a local static server too', async () => {
  const types = { '.html': 'text/html', '.js': 'text/javascript', '.css': 'text/css' };
  const server = createServer((req, res) => {
    const path = join(playground, new URL(req.url, 'http://x').pathname.replace(/^\/$/, '/index.html'));
    try {
      const body = readFileSync(path);
      res.writeHead(200, { 'content-type': types[extname(path)] ?? 'application/octet-stream' });
      res.end(body);
    } catch {
      res.writeHead(404);
      res.end();
    }
  });
  await new Promise((r) => server.listen(0, '127.0.0.1', r));
  try {
    const page = await open('', undefined, `http://127.0.0.1:${server.address().port}/index.html`);
    assert.equal((await page.evaluate(() => globalThis.playground.panels())).length, 4);
    assert.deepEqual(page.problems, []);
    await page.close();
  } finally {
    server.close();
  }
});

test('clicking draws and erases walls, and the fields follow', async () => {
  const page = await open('#w=20&h=12&gen=empty:0&at=3,5&alg=precise-permissive,recursive-shadowcast&r=none&shape=circle&lit=1&mode=field');
  const before = await pageVisible(page, 0);
  for (const [x, y] of [[8, 3], [8, 4], [8, 5], [8, 6], [8, 7]]) {
    const p = await tileCenter(page, 0, x, y);
    await page.mouse.click(p.x, p.y);
  }
  await settle(page);
  const opaque = await page.evaluate(() => Array.from(globalThis.playground.state.opaque));
  for (const y of [3, 4, 5, 6, 7]) assert.equal(opaque[y * 20 + 8], 1, `wall at 8,${y}`);
  assert.equal(opaque.reduce((s, v) => s + v, 0), 5);
  assert.notDeepEqual(await pageVisible(page, 0), before);
  await assertPanelsMatchCli(page, 'after drawing a wall');
  // A stroke across tiles draws every tile on the way.
  const a = await tileCenter(page, 1, 12, 2);
  const b = await tileCenter(page, 1, 12, 9);
  await page.mouse.move(a.x, a.y);
  await page.mouse.down();
  await page.mouse.move(b.x, b.y, { steps: 3 });
  await page.mouse.up();
  await settle(page);
  const after = await page.evaluate(() => Array.from(globalThis.playground.state.opaque));
  for (let y = 2; y <= 9; y++) assert.equal(after[y * 20 + 12], 1, `stroke wall at 12,${y}`);
  // Clicking a wall erases it.
  const w = await tileCenter(page, 0, 8, 5);
  await page.mouse.click(w.x, w.y);
  await settle(page);
  assert.equal(await page.evaluate(() => globalThis.playground.state.opaque[5 * 20 + 8]), 0);
  await assertPanelsMatchCli(page, 'after erasing');
  // The address holds the edited map: reloading it gives the same case.
  await page.waitForTimeout(300);
  const url = page.url();
  const again = await open(new URL(url).hash);
  assert.deepEqual(await pageVisible(again, 0), await pageVisible(page, 0));
  assert.deepEqual(page.problems, []);
  await again.close();
  await page.close();
});

test('dragging the viewer moves it and recomputes as it goes', async () => {
  const page = await open('#w=40&h=25&gen=cave:3&at=20,12&alg=symmetric-shadowcast,restrictive&r=10&shape=circle&lit=1&mode=field');
  const start = await page.evaluate(() => globalThis.playground.state.viewer);
  const floors = await page.evaluate(() => {
    const s = globalThis.playground.state;
    const out = [];
    for (let i = 0; i < s.opaque.length; i++) if (!s.opaque[i]) out.push([i % s.width, Math.floor(i / s.width)]);
    return out;
  });
  const target = floors.find(([x, y]) => Math.abs(x - start.x) + Math.abs(y - start.y) > 8);
  const from = await tileCenter(page, 0, start.x, start.y);
  const to = await tileCenter(page, 0, target[0], target[1]);
  await page.mouse.move(from.x, from.y);
  await page.mouse.down();
  const seenDuring = new Set();
  for (let s = 1; s <= 10; s++) {
    await page.mouse.move(from.x + ((to.x - from.x) * s) / 10, from.y + ((to.y - from.y) * s) / 10);
    await settle(page);
    const v = await page.evaluate(() => globalThis.playground.state.viewer);
    seenDuring.add(`${v.x},${v.y}`);
    await assertPanelsMatchCli(page, `while dragging, step ${s}`);
  }
  await page.mouse.up();
  const end = await page.evaluate(() => globalThis.playground.state.viewer);
  assert.deepEqual([end.x, end.y], target);
  assert.ok(seenDuring.size >= 3, `the viewer moved through ${seenDuring.size} tiles`);
  assert.deepEqual(page.problems, []);
  await page.close();
});

test('switching algorithms changes the panels and their catalogue', async () => {
  const page = await open('#w=40&h=25&gen=rooms:4&at=10,10&alg=precise-permissive&r=none&shape=circle&lit=1&mode=field');
  assert.equal(await page.locator('.panel').count(), 1);
  await page.selectOption('#algorithm-1', 'diamond-raycast');
  await page.selectOption('#algorithm-2', 'beveled');
  await page.selectOption('#algorithm-0', 'raycast');
  await settle(page);
  assert.deepEqual(await page.locator('.panel h2 .name').allTextContents(), ['raycast', 'diamond-raycast', 'beveled']);
  // The catalogue's properties under each: diamond-raycast has no diagonal gaps.
  const props = await page.locator('.panel').nth(1).locator('.props').textContent();
  assert.match(props, /diagonal gaps\s*no/);
  await assertPanelsMatchCli(page, 'after switching');
  // The time per field of view is measured and shown.
  await page.waitForFunction(() => globalThis.playground.panels().every((p) => p.perField > 0), null, { timeout: 5000 });
  assert.match(await page.locator('.panel .time').first().textContent(), /µs \/ field/);
  await page.selectOption('#algorithm-1', '');
  await settle(page);
  assert.deepEqual(await page.locator('.panel h2 .name').allTextContents(), ['raycast', 'beveled']);
  assert.deepEqual(page.problems, []);
  await page.close();
});

test('disagreements are marked and counted', async () => {
  const page = await open('#w=40&h=25&gen=cave:8&at=20,12&alg=precise-permissive,permissive-0&r=none&shape=circle&lit=1&mode=field');
  const [a, b] = await Promise.all([pageVisible(page, 0), pageVisible(page, 1)]);
  const sa = new Set(a);
  const sb = new Set(b);
  const disputed = new Set([...a.filter((t) => !sb.has(t)), ...b.filter((t) => !sa.has(t))]);
  assert.ok(disputed.size > 0);
  assert.match(await page.textContent('#status'), new RegExp(`disagree on ${disputed.size} tiles`));
  const panels = await page.evaluate(() => globalThis.playground.panels());
  assert.equal(panels[0].disputed, a.filter((t) => !sb.has(t)).length);
  await page.close();
});

test('50+ shared links: every panel equals the CLI JSON', async () => {
  const r = rng(77);
  const [ids, keeping] = await (async () => {
    const page = await open();
    const lists = await page.evaluate(() => [
      globalThis.Sightlines.algorithms(),
      globalThis.Sightlines.catalogue().filter((e) => e.diagonalRule === 'yes').map((e) => e.id),
    ]);
    await page.close();
    return lists;
  })();
  const page = await browser.newPage({ viewport: { width: 1280, height: 720 } });
  let compared = 0;
  for (let i = 0; i < 60; i++) {
    const map = randomMap(r, 48, 32);
    const c = { map, x: r.below(map.width), y: r.below(map.height), radius: r.chance(0.3) ? null : r.below(14), shape: ['square', 'diamond', 'circle', 'circle-plus'][r.below(4)], litWalls: r.chance(0.75) };
    // Every third link seals diagonal gaps: the panels whose algorithm keeps
    // the rule follow it, the others keep their own.
    if (i % 3 === 0) c.diagonalGaps = 'block';
    const algs = [];
    const count = 1 + r.below(4);
    while (algs.length < count) {
      const a = ids[(i + algs.length * 5 + r.below(3)) % ids.length];
      if (!algs.includes(a)) algs.push(a);
    }
    await page.goto(pageUrl + hashOf(c, algs));
    await page.waitForSelector('body[data-ready="1"]');
    // Only the hash changes, so the page loads the link on its hashchange:
    // wait until it holds the link's case, then for its frame.
    await page.waitForFunction(({ w, h, x, y, algorithms, map }) => {
      const s = globalThis.playground.state;
      return s.width === w && s.height === h && s.viewer.x === x && s.viewer.y === y
        && s.algorithms.join(',') === algorithms && Array.from(s.opaque, (v) => (v ? 1 : 0)).join('') === map;
    }, { w: c.map.width, h: c.map.height, x: c.x, y: c.y, algorithms: algs.join(','), map: Array.from(c.map.opaque, (v) => (v ? 1 : 0)).join('') }, { timeout: 10000 });
    await settle(page);
    for (let k = 0; k < algs.length; k++) {
      const gaps = c.diagonalGaps === 'block' && keeping.includes(algs[k]) ? 'block' : 'pass';
      assert.deepEqual(await pageVisible(page, k), cliVisible({ ...c, algorithm: algs[k], diagonalGaps: gaps }), `link ${i}, ${algs[k]}: ${hashOf(c, algs)}`);
      compared++;
    }
  }
  console.log(`# ${compared} fields on 60 random maps equal the CLI's`);
  assert.ok(compared >= 60);
  await page.close();
});

test('a bad link says what is wrong and shows a default map', async () => {
  const page = await open('#w=20&h=10&gen=cave:1&at=2,2&alg=fastest&r=none');
  await page.waitForFunction(() => document.getElementById('status').textContent.includes('Could not read the link'));
  assert.match(await page.textContent('#status'), /unknown algorithm "fastest"/);
  assert.ok((await page.evaluate(() => globalThis.playground.panels())).length >= 1);
  await page.close();
});

test('the keyboard draws walls, moves the cursor and the viewer', async () => {
  const page = await open('#w=20&h=12&gen=empty:0&at=5,5&alg=precise-permissive&r=none&shape=circle&lit=1&mode=field');
  await page.locator('#panels canvas').first().focus();
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('Space'); // a wall at (7, 5)
  await page.keyboard.press('j');
  await page.keyboard.press('Enter'); // a wall at (7, 6)
  await page.keyboard.press('l');
  await page.keyboard.press('l');
  await page.keyboard.press('v'); // the viewer to (9, 6)
  await settle(page);
  const s = await page.evaluate(() => ({ o: Array.from(globalThis.playground.state.opaque), v: globalThis.playground.state.viewer }));
  assert.equal(s.o[5 * 20 + 7], 1);
  assert.equal(s.o[6 * 20 + 7], 1);
  assert.deepEqual(s.v, { x: 9, y: 6 });
  await assertPanelsMatchCli(page, 'after keyboard edits');
  // Every control is reachable with Tab.
  const focusable = await page.evaluate(() => [...document.querySelectorAll('select, input, button, canvas')].every((e) => e.tabIndex >= 0));
  assert.ok(focusable);
  await page.close();
});

test('the one-way view counts what `sightlines check` counts', async () => {
  const page = await open('#w=30&h=20&gen=cave:5&at=15,10&alg=recursive-shadowcast,symmetric-shadowcast&r=none&shape=circle&lit=1&mode=field');
  await page.check('input[name=mode][value=oneway]');
  await settle(page);
  const panels = await page.evaluate(() => globalThis.playground.panels());
  const c = await pageCase(page, 0);
  for (const [k, p] of panels.entries()) {
    const out = cli(['check', '-', '--algorithm', p.id], mapText(c.map));
    const want = Number(out.stdout.match(new RegExp(`${p.id}: (\\d+) one-way pairs`))[1]);
    assert.equal(p.oneWay, want, p.id);
    assert.match(await page.locator('.panel .counts').nth(k).textContent(), new RegExp(`^${want} one-way pairs`));
  }
  assert.ok(panels[0].oneWay > 0 && panels[1].oneWay === 0);
  assert.deepEqual(page.problems, []);
  await page.close();
});

test('walking with fog of war remembers, lights and a cone limit the view', async () => {
  const page = await open('#w=40&h=25&gen=rooms:2&at=0,0&alg=precise-permissive&r=8&shape=circle&lit=1&mode=walk');
  // Start on a floor: the page's own start, then walk.
  const floor = await page.evaluate(() => {
    const s = globalThis.playground.state;
    const i = s.opaque.findIndex((v) => v === 0);
    return [i % s.width, Math.floor(i / s.width)];
  });
  await page.goto(`${pageUrl}#w=40&h=25&gen=rooms:2&at=${floor[0]},${floor[1]}&alg=precise-permissive&r=8&shape=circle&lit=1&mode=walk`);
  await page.waitForSelector('body[data-ready="1"]');
  await settle(page);
  const explored = async () => Number((await page.locator('.panel .counts').first().textContent()).match(/(\d+) explored/)[1]);
  const first = await explored();
  await page.locator('#panels canvas').first().focus();
  for (const k of ['ArrowRight', 'ArrowRight', 'ArrowDown', 'ArrowRight', 'ArrowDown', 'ArrowRight', 'ArrowRight']) await page.keyboard.press(k);
  await settle(page);
  assert.ok(await explored() >= first, 'exploring never forgets');
  const v = await page.evaluate(() => globalThis.playground.state.viewer);
  assert.notDeepEqual([v.x, v.y], floor, 'the viewer walked');
  // A cone: fewer tiles in view.
  const inView = async () => Number((await page.locator('.panel .counts').first().textContent()).match(/(\d+) tiles in view/)[1]);
  const all = await inView();
  await page.locator('#cone-width').fill('90');
  await settle(page);
  assert.ok(await inView() < all, 'a 90-degree cone sees less');
  await page.locator('#cone-width').fill('360');
  // A light: in the dark, the viewer sees only lit tiles and its neighbours.
  await page.check('input[name=tool][value=light]');
  const far = await page.evaluate(() => {
    const s = globalThis.playground.state;
    for (let i = s.opaque.length - 1; i >= 0; i--) if (!s.opaque[i]) return [i % s.width, Math.floor(i / s.width)];
    return null;
  });
  const p = await tileCenter(page, 0, far[0], far[1]);
  await page.mouse.click(p.x, p.y);
  await settle(page);
  assert.equal(await page.evaluate(() => globalThis.playground.state.lights.length), 1);
  assert.ok(await inView() <= 9, 'far from the light, only the neighbours are seen');
  await page.waitForTimeout(300);
  assert.match(page.url(), /lights=\d+%2C\d+/);
  assert.match(page.url(), /mode=walk/);
  assert.deepEqual(page.problems, []);
  await page.close();
});

test('readable at phone width: no sideways scrolling', async () => {
  const page = await open('', { width: 390, height: 844 });
  const { scroll, panel } = await page.evaluate(() => ({
    scroll: document.scrollingElement.scrollWidth,
    panel: document.querySelector('.panel canvas').getBoundingClientRect().width,
  }));
  assert.ok(scroll <= 390, `page width ${scroll}`);
  assert.ok(panel > 300, `a map ${panel} px wide`);
  await page.screenshot({ path: join(output, 'phone.png') });
  await page.close();
});

test('dragging across a 100x60 cave with four panels: frame times', async () => {
  const page = await open('#w=100&h=60&gen=cave:1&at=50,30&alg=precise-permissive,symmetric-shadowcast,recursive-shadowcast,restrictive&r=none&shape=circle&lit=1&mode=field');
  const floors = await page.evaluate(() => {
    const s = globalThis.playground.state;
    const out = [];
    for (let i = 0; i < s.opaque.length; i++) if (!s.opaque[i]) out.push([i % s.width, Math.floor(i / s.width)]);
    return out;
  });
  // Start on the floor nearest the centre.
  const v = floors.reduce((best, f) => (Math.hypot(f[0] - 50, f[1] - 30) < Math.hypot(best.x - 50, best.y - 30) ? { x: f[0], y: f[1] } : best), { x: 0, y: 0 });
  await page.goto(page.url().replace(/at=[^&]+/, `at=${v.x},${v.y}`));
  await page.waitForSelector('body[data-ready="1"]');
  await settle(page);
  // Across the map: along floor tiles from the viewer to the farthest
  // floor it can walk to (breadth first), one tile a pointer move.
  const w = 100;
  const free = new Set(floors.map(([x, y]) => y * w + x));
  const prev = new Map([[v.y * w + v.x, -1]]);
  const queue = [v.y * w + v.x];
  for (let q = 0; q < queue.length; q++) {
    const t = queue[q];
    for (const d of [1, -1, w, -w]) {
      const n = t + d;
      if (free.has(n) && !prev.has(n) && Math.abs((n % w) - (t % w)) <= 1) {
        prev.set(n, t);
        queue.push(n);
      }
    }
  }
  const path = [];
  for (let t = queue[queue.length - 1]; t !== -1; t = prev.get(t)) path.unshift([t % w, Math.floor(t / w)]);
  await page.evaluate(() => {
    globalThis.playground.frameTimes.length = 0;
    globalThis.rafIntervals = [];
    let last = performance.now();
    const tick = (t) => { globalThis.rafIntervals.push(t - last); last = t; if (globalThis.rafIntervals.length < 100000) requestAnimationFrame(tick); };
    requestAnimationFrame(tick);
  });
  const box = await page.locator('#panels canvas').first().boundingBox();
  const at = ([x, y]) => ({ x: box.x + ((x + 0.5) * box.width) / 100, y: box.y + ((y + 0.5) * box.height) / 60 });
  const moves = path.length - 1;
  console.log(`# drag path: ${moves} tiles from ${path[0]} to ${path[moves]}`);
  await page.mouse.move(at(path[0]).x, at(path[0]).y);
  await page.mouse.down();
  const t0 = Date.now();
  for (const tile of path.slice(1)) {
    await page.mouse.move(at(tile).x, at(tile).y);
    await settle(page);
  }
  const elapsed = Date.now() - t0;
  await page.mouse.up();
  const { frames, raf } = await page.evaluate(() => ({ frames: [...globalThis.playground.frameTimes], raf: [...globalThis.rafIntervals] }));
  const stats = (xs) => {
    const s = [...xs].sort((p, q) => p - q);
    const at = (q) => s[Math.min(s.length - 1, Math.floor(q * s.length))];
    return { count: s.length, median: +at(0.5).toFixed(2), p95: +at(0.95).toFixed(2), max: +s[s.length - 1].toFixed(2) };
  };
  const result = {
    map: '100x60 cave, seed 1, four panels (precise-permissive, symmetric-shadowcast, recursive-shadowcast, restrictive), no radius',
    workPerFrameMs: stats(frames),
    rafIntervalMs: stats(raf.slice(1)),
    moves, elapsedMs: elapsed,
  };
  writeFileSync(join(output, 'frames.json'), JSON.stringify(result, null, 2));
  console.log(`# drag frames: ${JSON.stringify(result)}`);
  assert.ok(moves > 40, `a long drag: ${moves} tiles`);
  assert.ok(frames.length >= moves, 'the page redrew at every tile');
  const end = await page.evaluate(() => globalThis.playground.state.viewer);
  assert.deepEqual([end.x, end.y], path[path.length - 1]);
  await page.close();
});

test('screenshot for the README', async () => {
  const page = await open('#w=64&h=40&gen=cave:1&at=32,20&alg=precise-permissive,symmetric-shadowcast,recursive-shadowcast,restrictive&r=none&shape=circle&lit=1&mode=field');
  await page.waitForFunction(() => globalThis.playground.panels().every((p) => p.perField > 0), null, { timeout: 5000 });
  await page.waitForTimeout(3500); // the times' last measuring pass
  const file = join(output, 'playground-screenshot.png');
  await page.screenshot({ path: file });
  if (process.env.SIGHTLINES_SCREENSHOT === '1') copyFileSync(file, join(root, 'web', 'playground-screenshot.png'));
  await page.close();
});
