// The sightlines playground: a classic script (file:// pages cannot load ES
// modules), on the package's classic build in sightlines.js.
'use strict';

(function () {
  const S = globalThis.Sightlines;
  const $ = (id) => document.getElementById(id);
  const MAX_PANELS = 4;
  const SIZES = ['40x25', '64x40', '100x60', '128x80'];

  // Okabe-Ito colours, as the CLI's pictures use them.
  const C = {
    floorSeen: [240, 228, 66], wallSeen: [230, 159, 0],
    floorDark: [84, 88, 98], wallDark: [38, 41, 48],
    floorMemory: [62, 110, 140], wallMemory: [28, 52, 84], unknown: [10, 11, 14],
    onlyHere: [86, 180, 233], missedHere: [204, 121, 167],
    oneWayPair: [204, 121, 167], youSee: [213, 94, 0], seesYou: [86, 180, 233],
  };

  const state = {
    kind: 'cave', seed: 1, width: 64, height: 40, opaque: null, edited: false,
    viewer: { x: 0, y: 0 }, algorithms: ['precise-permissive', 'symmetric-shadowcast', 'recursive-shadowcast', 'restrictive'],
    radius: null, shape: 'circle', litWalls: true, sealGaps: false, mode: 'field',
    cone: { direction: 0, width: 360 }, lights: [], lightRadius: 6,
  };
  let panels = [];
  let cursor = { x: 0, y: 0 };
  let drag = null;
  let frameQueued = false;
  let measureTimer = 0;
  let editCount = 0; // map edits, and new maps: what a measured time is of
  let hashTimer = 0;
  // The address's hash as this page last read or wrote it.
  let knownHash = '';
  const frameTimes = [];
  let lastError = '';
  let notice = ''; // about the link, until the next change

  // ---- the map and the URL ---------------------------------------------

  function encodeMap(opaque) {
    const bytes = new Uint8Array(Math.ceil(opaque.length / 8));
    for (let i = 0; i < opaque.length; i++) if (opaque[i]) bytes[i >> 3] |= 1 << (i & 7);
    let s = '';
    for (const b of bytes) s += String.fromCharCode(b);
    return btoa(s).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
  }

  function decodeMap(text, width, height) {
    const s = atob(text.replace(/-/g, '+').replace(/_/g, '/'));
    const n = width * height;
    if (s.length !== Math.ceil(n / 8)) throw new Error(`the map in the link has ${s.length * 8} bits, not ${width} x ${height}`);
    const opaque = new Uint8Array(n);
    for (let i = 0; i < n; i++) opaque[i] = (s.charCodeAt(i >> 3) >> (i & 7)) & 1;
    return opaque;
  }

  function stateToHash() {
    const p = new URLSearchParams();
    p.set('w', state.width);
    p.set('h', state.height);
    if (state.edited || state.kind === 'empty') {
      p.set('map', encodeMap(state.opaque));
    } else {
      p.set('gen', `${state.kind}:${state.seed}`);
    }
    p.set('at', `${state.viewer.x},${state.viewer.y}`);
    p.set('alg', state.algorithms.join(','));
    p.set('r', state.radius === null ? 'none' : state.radius);
    p.set('shape', state.shape);
    p.set('lit', state.litWalls ? 1 : 0);
    if (state.sealGaps) p.set('gaps', 'block');
    p.set('mode', state.mode);
    if (state.cone.width < 360) p.set('cone', `${state.cone.direction},${state.cone.width}`);
    if (state.lights.length) p.set('lights', state.lights.map((l) => `${l.x},${l.y}`).join(';'));
    p.set('lr', state.lightRadius);
    return p.toString();
  }

  function int(text, what, min, max) {
    const n = Number(text);
    if (!Number.isInteger(n) || n < min || n > max) throw new Error(`${what} in the link must be an integer from ${min} to ${max}, not "${text}"`);
    return n;
  }

  /** Reads the state from the address; throws on a malformed link. */
  function hashToState(hash) {
    const p = new URLSearchParams(hash.replace(/^#/, ''));
    if (!p.has('w')) return false;
    const width = int(p.get('w'), 'w', 1, 256);
    const height = int(p.get('h'), 'h', 1, 256);
    const next = { ...state, width, height, lights: [], edited: false };
    if (p.has('map')) {
      next.opaque = decodeMap(p.get('map'), width, height);
      next.edited = true;
      next.kind = 'empty';
    } else {
      const [kind, seed] = (p.get('gen') ?? 'cave:1').split(':');
      if (!S.MAP_KINDS.includes(kind) && kind !== 'empty') throw new Error(`unknown map kind "${kind}" in the link`);
      next.kind = kind;
      next.seed = int(seed ?? '0', 'seed', 0, Number.MAX_SAFE_INTEGER);
      next.opaque = makeMap(kind, width, height, next.seed).opaque;
    }
    const [x, y] = (p.get('at') ?? '0,0').split(',');
    next.viewer = { x: int(x, 'at x', 0, width - 1), y: int(y, 'at y', 0, height - 1) };
    const ids = S.algorithms();
    const algs = (p.get('alg') ?? 'precise-permissive').split(',').filter(Boolean).slice(0, MAX_PANELS);
    for (const a of algs) if (!ids.includes(a)) throw new Error(`unknown algorithm "${a}" in the link; known: ${ids.join(', ')}`);
    if (!algs.length) throw new Error('the link names no algorithm');
    next.algorithms = algs;
    const r = p.get('r') ?? 'none';
    next.radius = r === 'none' ? null : int(r, 'r', 0, 1000);
    next.shape = p.get('shape') ?? 'circle';
    if (!S.SHAPES.includes(next.shape)) throw new Error(`unknown shape "${next.shape}" in the link`);
    next.litWalls = p.get('lit') !== '0';
    const gaps = p.get('gaps') ?? 'pass';
    if (gaps !== 'pass' && gaps !== 'block') throw new Error(`unknown gaps "${gaps}" in the link; use pass or block`);
    next.sealGaps = gaps === 'block';
    next.mode = p.get('mode') ?? 'field';
    if (!['field', 'oneway', 'walk'].includes(next.mode)) throw new Error(`unknown mode "${next.mode}" in the link`);
    if (p.has('cone')) {
      const [d, w] = p.get('cone').split(',');
      next.cone = { direction: int(d, 'cone direction', 0, 359), width: int(w, 'cone width', 1, 360) };
    } else {
      next.cone = { direction: 0, width: 360 };
    }
    if (p.get('lights')) {
      next.lights = p.get('lights').split(';').map((s) => {
        const [lx, ly] = s.split(',');
        return { x: int(lx, 'light x', 0, width - 1), y: int(ly, 'light y', 0, height - 1) };
      });
    }
    next.lightRadius = int(p.get('lr') ?? '6', 'lr', 1, 64);
    Object.assign(state, next);
    return true;
  }

  function makeMap(kind, width, height, seed) {
    if (kind === 'empty') return { width, height, opaque: new Uint8Array(width * height) };
    return S.generateMap(kind, width, height, seed);
  }

  function scheduleHash() {
    clearTimeout(hashTimer);
    hashTimer = setTimeout(() => {
      // A link opened since the state was loaded or last written waits for
      // its hashchange: writing the old state now would undo it.
      if (location.hash !== knownHash) return;
      const hash = `#${stateToHash()}`;
      if (location.hash !== hash) history.replaceState(null, '', hash);
      knownHash = location.hash;
      $('link').value = location.href;
    }, 150);
  }

  function nearestFloor(x, y) {
    const { width, height, opaque } = state;
    for (let r = 0; r < Math.max(width, height); r++) {
      for (let dy = -r; dy <= r; dy++) {
        for (let dx = -r; dx <= r; dx++) {
          if (Math.max(Math.abs(dx), Math.abs(dy)) !== r) continue;
          const tx = x + dx;
          const ty = y + dy;
          if (tx >= 0 && ty >= 0 && tx < width && ty < height && !opaque[ty * width + tx]) return { x: tx, y: ty };
        }
      }
    }
    return { x, y };
  }

  // ---- panels -------------------------------------------------------------

  function options() {
    return {
      radius: state.radius, shape: state.shape, litWalls: state.litWalls,
      diagonalGaps: state.sealGaps ? 'block' : 'pass',
      cone: state.cone.width < 360 ? state.cone : null,
    };
  }

  // A panel whose algorithm does not keep the diagonal rule shows its own
  // rule (and says so) rather than an error.
  function forPanel(p, opts) {
    return p.keepsRule || opts.diagonalGaps === 'pass' ? opts : { ...opts, diagonalGaps: 'pass' };
  }

  function buildPanels() {
    editCount++;
    for (const p of panels) p.fov.free();
    const host = $('panels');
    host.textContent = '';
    host.className = `n${state.algorithms.length}`;
    const map = { width: state.width, height: state.height, opaque: state.opaque };
    const catalogue = Object.fromEntries(S.catalogue().map((e) => [e.id, e]));
    panels = state.algorithms.map((id, index) => {
      const el = document.createElement('article');
      el.className = 'panel';
      const c = catalogue[id];
      el.innerHTML = `<h2><span class="name"></span><span class="time" title="Time per field of view, measured in this browser">…</span></h2>
        <canvas tabindex="0"></canvas>
        <p class="counts"></p>
        <dl class="props">
          <div><dt>symmetric</dt><dd>${c.symmetric}</dd></div><div><dt>walls</dt><dd>${c.walls}</dd></div>
          <div><dt>sight</dt><dd>${c.sight}</dd></div><div><dt>diagonal gaps</dt><dd>${c.diagonalGaps}</dd></div>
          <div><dt>diagonal rule</dt><dd>${c.diagonalRule}</dd></div>
          <div><dt>expansive walls</dt><dd>${c.expansiveWalls}</dd></div><div><dt>rotation invariant</dt><dd>${c.rotationInvariant}</dd></div>
          <div><dt>speed</dt><dd>${c.speed}</dd></div>
        </dl>`;
      el.querySelector('.name').textContent = id;
      const canvas = el.querySelector('canvas');
      canvas.setAttribute('aria-label', `Map with the field of view of ${id}; arrow keys move the cursor`);
      canvas.dataset.panel = index;
      host.appendChild(el);
      const area = state.width * state.height;
      const off = document.createElement('canvas');
      off.width = state.width;
      off.height = state.height;
      const p = {
        id, el, canvas, ctx: canvas.getContext('2d'), off, offCtx: off.getContext('2d'),
        image: new ImageData(state.width, state.height),
        fov: new S.FieldOfView(map, { algorithm: id }),
        mask: new Uint8Array(area), lit: new Uint8Array(area), tmp: new Uint8Array(area),
        memory: new Uint8Array(area), oneWay: null, marks: null, marksAt: null, disputed: 0, seen: 0,
        perField: null, keepsRule: c.diagonalRule === 'yes',
      };
      attachPointer(p);
      return p;
    });
    sizeCanvases();
    requestFrame();
    scheduleMeasure();
  }

  function sizeCanvases() {
    const dpr = window.devicePixelRatio || 1;
    for (const p of panels) {
      const cssWidth = p.canvas.clientWidth || 300;
      const tile = Math.max(3, Math.min(24, Math.round((cssWidth * dpr) / state.width)));
      if (p.canvas.width !== state.width * tile) {
        p.canvas.width = state.width * tile;
        p.canvas.height = state.height * tile;
      }
      p.tile = tile;
    }
  }

  function resetDerived() {
    for (const p of panels) {
      p.oneWay = null;
      p.marks = null;
    }
  }

  // ---- a frame: compute every panel, mark disagreements, paint -------------

  function requestFrame() {
    if (frameQueued) return;
    frameQueued = true;
    requestAnimationFrame(() => {
      frameQueued = false;
      frame();
    });
  }

  function frame() {
    const t0 = performance.now();
    const opts = options();
    const { x, y } = state.viewer;
    lastError = '';
    try {
      for (const p of panels) {
        const po = forPanel(p, opts);
        p.fov.computeMask(x, y, po, p.mask);
        if (state.mode === 'walk') walk(p, po);
        if (state.mode === 'oneway') oneWay(p, po);
      }
    } catch (e) {
      lastError = e.message;
    }
    const n = panels.length;
    const area = state.width * state.height;
    let disputed = 0;
    const seenBy = new Uint8Array(area);
    for (const p of panels) for (let i = 0; i < area; i++) seenBy[i] += p.mask[i];
    for (let i = 0; i < area; i++) if (seenBy[i] > 0 && seenBy[i] < n) disputed++;
    for (const p of panels) paint(p, seenBy, n);
    frameTimes.push(performance.now() - t0);
    if (frameTimes.length > 1000) frameTimes.shift();
    status(disputed);
  }

  function walk(p, opts) {
    const area = state.width * state.height;
    const { x, y } = state.viewer;
    if (state.lights.length) {
      p.lit.fill(0);
      for (const l of state.lights) {
        p.fov.computeMask(l.x, l.y, { ...opts, cone: null, radius: state.lightRadius }, p.tmp);
        for (let i = 0; i < area; i++) p.lit[i] |= p.tmp[i];
      }
      // The viewer sees lit tiles, and its own and adjacent tiles in the dark.
      for (let i = 0; i < area; i++) {
        if (!p.mask[i]) continue;
        const dx = (i % state.width) - x;
        const dy = Math.floor(i / state.width) - y;
        if (!p.lit[i] && Math.max(Math.abs(dx), Math.abs(dy)) > 1) p.mask[i] = 0;
      }
    }
    for (let i = 0; i < area; i++) p.memory[i] |= p.mask[i];
  }

  function oneWay(p, opts) {
    const plain = { ...opts, cone: null };
    if (!p.oneWay) {
      p.oneWay = p.fov.oneWayPairs(plain);
      p.oneWay.max = Math.max(1, ...p.oneWay.counts);
    }
    const at = `${state.viewer.x},${state.viewer.y}`;
    if (!p.marks || p.marksAt !== at) {
      p.marks = p.fov.oneWayFrom(state.viewer.x, state.viewer.y, plain);
      p.marksAt = at;
    }
  }

  function put(data, i, c) {
    data[i * 4] = c[0];
    data[i * 4 + 1] = c[1];
    data[i * 4 + 2] = c[2];
    data[i * 4 + 3] = 255;
  }

  function paint(p, seenBy, n) {
    const { width, height, opaque } = state;
    const data = p.image.data;
    const area = width * height;
    let seen = 0;
    let disputed = 0;
    for (let i = 0; i < area; i++) {
      const wall = opaque[i] === 1;
      const vis = p.mask[i] === 1;
      seen += vis;
      const split = seenBy[i] > 0 && seenBy[i] < n;
      let c;
      if (state.mode === 'walk') {
        c = vis ? (wall ? C.wallSeen : C.floorSeen) : p.memory[i] ? (wall ? C.wallMemory : C.floorMemory) : C.unknown;
      } else if (state.mode === 'oneway' && p.marks) {
        // The viewer's one-way tiles, bright; every floor tinted by how
        // many one-way pairs it is in (the map's share of what check finds).
        if (p.marks[i] === 1) c = C.youSee;
        else if (p.marks[i] === 2) c = C.seesYou;
        else if (wall) c = C.wallDark;
        else c = mix(C.floorDark, C.oneWayPair, Math.sqrt(p.oneWay.counts[i] / p.oneWay.max));
      } else if (split) {
        disputed += vis;
        c = vis ? C.onlyHere : C.missedHere;
      } else {
        c = vis ? (wall ? C.wallSeen : C.floorSeen) : wall ? C.wallDark : C.floorDark;
      }
      put(data, i, c);
    }
    p.seen = seen;
    p.disputed = disputed;
    p.offCtx.putImageData(p.image, 0, 0);
    const ctx = p.ctx;
    const t = p.tile;
    ctx.imageSmoothingEnabled = false;
    ctx.drawImage(p.off, 0, 0, width * t, height * t);
    // Lights, the viewer, the cursor.
    for (const l of state.lights) {
      ctx.beginPath();
      ctx.arc((l.x + 0.5) * t, (l.y + 0.5) * t, Math.max(4, t * 0.6), 0, Math.PI * 2);
      ctx.fillStyle = '#fff6a0';
      ctx.fill();
      ctx.strokeStyle = '#000';
      ctx.lineWidth = Math.max(1, t / 8);
      ctx.stroke();
    }
    const v = state.viewer;
    ctx.beginPath();
    ctx.arc((v.x + 0.5) * t, (v.y + 0.5) * t, Math.max(5, t * 0.9), 0, Math.PI * 2);
    ctx.fillStyle = '#0072b2';
    ctx.fill();
    ctx.strokeStyle = '#fff';
    ctx.lineWidth = Math.max(1.5, t / 4);
    ctx.stroke();
    if (state.cone.width < 360) {
      // The cone's two edges from the viewer.
      const reach = (state.radius ?? Math.max(width, height)) * t;
      ctx.strokeStyle = '#ffffffaa';
      ctx.lineWidth = Math.max(1, t / 8);
      for (const side of [-1, 1]) {
        const a = ((state.cone.direction + (side * state.cone.width) / 2) * Math.PI) / 180;
        ctx.beginPath();
        ctx.moveTo((v.x + 0.5) * t, (v.y + 0.5) * t);
        ctx.lineTo((v.x + 0.5) * t + Math.cos(a) * reach, (v.y + 0.5) * t + Math.sin(a) * reach);
        ctx.stroke();
      }
    }
    if (document.activeElement === p.canvas) {
      ctx.strokeStyle = '#fff';
      ctx.lineWidth = Math.max(1, t / 8);
      ctx.strokeRect(cursor.x * t + 1, cursor.y * t + 1, t - 2, t - 2);
    }
    let text;
    if (state.mode === 'oneway' && p.oneWay) {
      const promise = S.catalogue().find((e) => e.id === p.id).symmetric;
      text = `${p.oneWay.pairs} one-way pairs among floor tiles (symmetric: ${promise}); ` +
        `${count(p.marks, 1)} tiles you see that do not see you, ${count(p.marks, 2)} that see you unseen`;
    } else if (state.mode === 'walk') {
      text = `${seen} tiles in view, ${count(p.memory, 1)} explored`;
    } else {
      text = `${seen} tiles seen; ${disputed} of them disputed`;
    }
    if (state.sealGaps && !p.keepsRule) text += ' (no diagonal rule yet: its gaps stay open)';
    p.el.querySelector('.counts').textContent = text;
  }

  function mix(a, b, t) {
    return [a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t, a[2] + (b[2] - a[2]) * t];
  }

  function count(a, v) {
    let n = 0;
    for (let i = 0; i < a.length; i++) n += a[i] === v;
    return n;
  }

  function status(disputed) {
    const where = state.edited || state.kind === 'empty' ? `${state.width} x ${state.height} map` : `${state.width} x ${state.height} ${state.kind} (seed ${state.seed})`;
    let text = `${where}; viewer at (${state.viewer.x}, ${state.viewer.y}). `;
    if (panels.length > 1 && state.mode === 'field') text += `The algorithms disagree on ${disputed} tiles.`;
    if (lastError) text = `Error: ${lastError}`;
    if (notice) text = `${notice} ${text}`;
    $('status').textContent = text;
  }

  // Time per field of view, measured when the page is idle: each panel's
  // field is computed again and again for a few milliseconds.
  // Three passes (0.25, 1 and 3 s after the last change), keeping each
  // panel's best: the browser optimizes hot wasm code in the background,
  // and other work on the machine only ever adds time.
  let measurePass = 0;
  let measureKey = '';

  function scheduleMeasure() {
    clearTimeout(measureTimer);
    measurePass = 0;
    measureTimer = setTimeout(measure, 250);
  }

  function measure() {
    if (drag) return scheduleMeasure();
    const key = `${state.viewer.x},${state.viewer.y}|${JSON.stringify(options())}|${state.algorithms}|${editCount}`;
    if (key !== measureKey) {
      measureKey = key;
      for (const p of panels) p.perField = null;
    }
    measurePass++;
    if (measurePass < 3) measureTimer = setTimeout(measure, measurePass === 1 ? 750 : 2000);
    const opts = options();
    const { x, y } = state.viewer;
    for (const p of panels) {
      try {
        // A warm-up first: the browser compiles hot wasm code again, faster.
        const w0 = performance.now();
        while (performance.now() - w0 < 4) p.fov.computeMask(x, y, forPanel(p, opts), p.tmp);
        let n = 0;
        const t0 = performance.now();
        let t = t0;
        while (t - t0 < 8 || n < 3) {
          p.fov.computeMask(x, y, forPanel(p, opts), p.tmp);
          n++;
          if (n >= 20000) break;
          t = performance.now();
        }
        const us = ((performance.now() - t0) * 1000) / n;
        p.perField = p.perField === null ? us : Math.min(p.perField, us);
        const best = p.perField;
        const text = best < 10 ? best.toFixed(2) : best < 100 ? best.toFixed(1) : best.toFixed(0);
        p.el.querySelector('.time').textContent = `${text} µs / field`;
      } catch (e) {
        p.el.querySelector('.time').textContent = '';
      }
    }
  }

  // ---- editing --------------------------------------------------------------

  function setWall(x, y, value) {
    if (x === state.viewer.x && y === state.viewer.y) return;
    const i = y * state.width + x;
    if (state.opaque[i] === value) return;
    editCount++;
    state.opaque[i] = value;
    state.edited = true;
    for (const p of panels) p.fov.setTile(x, y, value === 1);
    resetDerived();
    changed();
  }

  function moveViewer(x, y) {
    if (state.viewer.x === x && state.viewer.y === y) return;
    state.viewer = { x, y };
    changed();
  }

  function toggleLight(x, y) {
    const i = state.lights.findIndex((l) => l.x === x && l.y === y);
    if (i >= 0) state.lights.splice(i, 1);
    else state.lights.push({ x, y });
    changed();
  }

  function changed() {
    notice = '';
    requestFrame();
    scheduleHash();
    scheduleMeasure();
  }

  function tileAt(p, e) {
    const r = p.canvas.getBoundingClientRect();
    const x = Math.floor(((e.clientX - r.left) / r.width) * state.width);
    const y = Math.floor(((e.clientY - r.top) / r.height) * state.height);
    return {
      x: Math.min(state.width - 1, Math.max(0, x)),
      y: Math.min(state.height - 1, Math.max(0, y)),
    };
  }

  function tool() {
    return document.querySelector('input[name=tool]:checked').value;
  }

  function attachPointer(p) {
    const c = p.canvas;
    c.addEventListener('pointerdown', (e) => {
      if (e.button !== 0) return;
      const t = tileAt(p, e);
      cursor = t;
      c.focus({ preventScroll: true });
      c.setPointerCapture(e.pointerId);
      const onViewer = t.x === state.viewer.x && t.y === state.viewer.y;
      if (onViewer || tool() === 'viewer') {
        drag = { kind: 'viewer' };
        if (!state.opaque[t.y * state.width + t.x]) moveViewer(t.x, t.y);
      } else if (tool() === 'light') {
        toggleLight(t.x, t.y);
      } else {
        const value = state.opaque[t.y * state.width + t.x] ? 0 : 1;
        drag = { kind: 'paint', value, last: t };
        setWall(t.x, t.y, value);
      }
      e.preventDefault();
    });
    c.addEventListener('pointermove', (e) => {
      if (!drag) return;
      const t = tileAt(p, e);
      if (drag.kind === 'viewer') {
        if (!state.opaque[t.y * state.width + t.x]) moveViewer(t.x, t.y);
      } else {
        // Every tile between two pointer events, so fast strokes leave no gaps.
        const { last } = drag;
        const steps = Math.max(Math.abs(t.x - last.x), Math.abs(t.y - last.y));
        for (let s = 1; s <= steps; s++) {
          setWall(Math.round(last.x + ((t.x - last.x) * s) / steps), Math.round(last.y + ((t.y - last.y) * s) / steps), drag.value);
        }
        drag.last = t;
      }
    });
    const end = () => {
      if (drag) {
        drag = null;
        changed();
      }
    };
    c.addEventListener('pointerup', end);
    c.addEventListener('pointercancel', end);
    c.addEventListener('focus', requestFrame);
    c.addEventListener('blur', requestFrame);
    c.addEventListener('keydown', (e) => key(e));
  }

  const MOVES = {
    ArrowLeft: [-1, 0], ArrowRight: [1, 0], ArrowUp: [0, -1], ArrowDown: [0, 1],
    h: [-1, 0], l: [1, 0], k: [0, -1], j: [0, 1], y: [-1, -1], u: [1, -1], b: [-1, 1], n: [1, 1],
  };

  function key(e) {
    if (e.ctrlKey || e.metaKey || e.altKey) return;
    const move = MOVES[e.key];
    if (move) {
      const [dx, dy] = move;
      if (state.mode === 'walk') {
        const x = state.viewer.x + dx;
        const y = state.viewer.y + dy;
        if (x >= 0 && y >= 0 && x < state.width && y < state.height && !state.opaque[y * state.width + x]) {
          if (state.cone.width < 360) {
            state.cone.direction = Math.round((Math.atan2(dy, dx) * 180) / Math.PI + 360) % 360;
            syncControls();
          }
          moveViewer(x, y);
          cursor = { x, y };
        }
      } else {
        cursor = {
          x: Math.min(state.width - 1, Math.max(0, cursor.x + dx)),
          y: Math.min(state.height - 1, Math.max(0, cursor.y + dy)),
        };
        requestFrame();
      }
    } else if (e.key === ' ' || e.key === 'Enter') {
      const i = cursor.y * state.width + cursor.x;
      setWall(cursor.x, cursor.y, state.opaque[i] ? 0 : 1);
    } else if (e.key === 'v') {
      moveViewer(cursor.x, cursor.y);
    } else if (e.key === 'L') {
      toggleLight(cursor.x, cursor.y);
    } else {
      return;
    }
    e.preventDefault();
  }

  // ---- controls -------------------------------------------------------------

  function buildPickers() {
    const host = $('algorithm-pickers');
    const ids = S.algorithms();
    for (let i = 0; i < MAX_PANELS; i++) {
      const label = document.createElement('label');
      label.textContent = `${i + 1} `;
      const select = document.createElement('select');
      select.id = `algorithm-${i}`;
      select.setAttribute('aria-label', `Algorithm of panel ${i + 1}`);
      if (i > 0) select.add(new Option('— none —', ''));
      for (const id of ids) select.add(new Option(id, id));
      select.addEventListener('change', () => {
        state.algorithms = [...host.querySelectorAll('select')].map((s) => s.value).filter(Boolean);
        buildPanels();
        scheduleHash();
      });
      label.appendChild(select);
      host.appendChild(label);
    }
  }

  function syncControls() {
    $('kind').value = state.kind;
    const size = `${state.width}x${state.height}`;
    if (![...$('size').options].some((o) => o.value === size)) $('size').add(new Option(size, size));
    $('size').value = size;
    $('seed').value = state.seed;
    for (let i = 0; i < MAX_PANELS; i++) $(`algorithm-${i}`).value = state.algorithms[i] ?? '';
    $('radius').value = state.radius === null ? '' : state.radius;
    $('shape').value = state.shape;
    $('lit-walls').checked = state.litWalls;
    $('seal-gaps').checked = state.sealGaps;
    document.querySelector(`input[name=mode][value=${state.mode}]`).checked = true;
    $('cone-direction').value = state.cone.direction;
    $('cone-width').value = state.cone.width;
    $('cone-direction-out').textContent = `${state.cone.direction}°`;
    $('cone-width-out').textContent = state.cone.width >= 360 ? 'all around' : `${state.cone.width}°`;
    $('light-radius').value = state.lightRadius;
  }

  function generate() {
    notice = '';
    const [w, h] = $('size').value.split('x').map(Number);
    state.kind = $('kind').value;
    state.seed = Math.max(0, Math.floor(Number($('seed').value) || 0));
    state.width = w;
    state.height = h;
    state.opaque = makeMap(state.kind, w, h, state.seed).opaque;
    state.edited = false;
    state.lights = [];
    state.viewer = nearestFloor(Math.floor(w / 2), Math.floor(h / 2));
    cursor = { ...state.viewer };
    buildPanels();
    scheduleHash();
  }

  function wireControls() {
    $('generate').addEventListener('click', generate);
    $('new-seed').addEventListener('click', () => {
      $('seed').value = Math.floor(Math.random() * 1e6);
      generate();
    });
    $('kind').addEventListener('change', generate);
    $('size').addEventListener('change', generate);
    $('radius').addEventListener('input', () => {
      const v = $('radius').value.trim();
      const n = Number(v);
      state.radius = v === '' || !Number.isInteger(n) || n < 0 ? null : Math.min(n, 1000);
      resetDerived();
      changed();
    });
    $('shape').addEventListener('change', () => { state.shape = $('shape').value; resetDerived(); changed(); });
    $('lit-walls').addEventListener('change', () => { state.litWalls = $('lit-walls').checked; resetDerived(); changed(); });
    $('seal-gaps').addEventListener('change', () => { state.sealGaps = $('seal-gaps').checked; resetDerived(); changed(); });
    for (const r of document.querySelectorAll('input[name=mode]')) {
      r.addEventListener('change', () => { state.mode = r.value; legend(); changed(); });
    }
    $('cone-direction').addEventListener('input', () => {
      state.cone.direction = Number($('cone-direction').value);
      syncControls();
      changed();
    });
    $('cone-width').addEventListener('input', () => {
      state.cone.width = Number($('cone-width').value);
      syncControls();
      changed();
    });
    $('light-radius').addEventListener('input', () => {
      const n = Number($('light-radius').value);
      if (Number.isInteger(n) && n >= 1 && n <= 64) { state.lightRadius = n; changed(); }
    });
    $('clear-lights').addEventListener('click', () => { state.lights = []; changed(); });
    $('forget').addEventListener('click', () => { for (const p of panels) p.memory.fill(0); changed(); });
    $('copy-link').addEventListener('click', async () => {
      const link = $('link');
      link.value = `${location.href.split('#')[0]}#${stateToHash()}`;
      link.select();
      try {
        await navigator.clipboard.writeText(link.value);
        $('status').textContent = 'Link copied.';
      } catch {
        $('status').textContent = 'Link selected: copy it with Ctrl+C.';
      }
    });
    // Canvases get as many pixels a tile as they show, once laid out.
    new ResizeObserver(() => { sizeCanvases(); requestFrame(); }).observe($('panels'));
    window.addEventListener('hashchange', () => {
      if (location.hash === `#${stateToHash()}`) {
        knownHash = location.hash;
        return;
      }
      load();
    });
  }

  function legend() {
    const items = {
      field: [['floorSeen', 'seen floor'], ['wallSeen', 'lit wall'], ['floorDark', 'unseen floor'], ['wallDark', 'unseen wall'],
        ['onlyHere', 'seen here, not by every panel'], ['missedHere', 'missed here, seen by another panel']],
      oneway: [['youSee', 'you see it; it does not see you'], ['seesYou', 'it sees you; you do not see it'], ['oneWayPair', 'in many one-way pairs (fainter: fewer)'], ['floorDark', 'in none'], ['wallDark', 'wall']],
      walk: [['floorSeen', 'in view'], ['floorMemory', 'remembered floor'], ['wallMemory', 'remembered wall'], ['unknown', 'never seen']],
    }[state.mode];
    $('legend').innerHTML = items.map(([k, text]) => `<span><span class="swatch" style="background: rgb(${C[k].join(',')})"></span>${text}</span>`).join('') +
      '<span><span class="swatch viewer"></span>viewer</span>';
  }

  function load() {
    knownHash = location.hash;
    try {
      if (!hashToState(location.hash)) {
        state.opaque = makeMap(state.kind, state.width, state.height, state.seed).opaque;
        state.viewer = nearestFloor(Math.floor(state.width / 2), Math.floor(state.height / 2));
      }
    } catch (e) {
      state.opaque = makeMap('cave', 64, 40, 1).opaque;
      Object.assign(state, { kind: 'cave', width: 64, height: 40, seed: 1, edited: false });
      state.viewer = nearestFloor(32, 20);
      lastError = e.message;
    }
    cursor = { ...state.viewer };
    for (const p of panels) p.memory.fill(0);
    syncControls();
    legend();
    notice = lastError ? `Could not read the link: ${lastError}; showing a default map.` : '';
    buildPanels();
    scheduleHash();
  }

  async function start() {
    if (!S) throw new Error('sightlines.js is missing beside this page; build it with `node web/build.mjs`');
    await S.init();
    buildPickers();
    wireControls();
    load();
    // For the browser tests: the fields as the page shows them.
    globalThis.playground = {
      state,
      frameTimes,
      visible: (i) => {
        const p = panels[i];
        const out = [];
        for (let t = 0; t < p.mask.length; t++) if (p.mask[t]) out.push([t % state.width, Math.floor(t / state.width)]);
        return out;
      },
      panels: () => panels.map((p) => ({ id: p.id, seen: p.seen, disputed: p.disputed, perField: p.perField, oneWay: p.oneWay && p.oneWay.pairs })),
      hash: stateToHash,
      frame,
    };
    globalThis.playground.readyMs = performance.now();
    document.body.dataset.ready = '1';
  }

  start().catch((e) => {
    $('status').textContent = `sightlines could not start: ${e.message}`;
  });
})();
