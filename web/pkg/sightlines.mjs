// sightlines for JavaScript: exact field of view on grid maps, in WebAssembly.
//
// A thin, hand-checked layer over the C ABI of crates/sightlines-wasm: it
// validates arguments, copies maps in, reads answers out, and turns the
// module's error codes into Errors carrying the library's one-line message.
// No wasm-bindgen: the module imports nothing and exports plain functions.

/** Range shapes, in the order the module numbers them. */
export const SHAPES = Object.freeze(['square', 'diamond', 'circle', 'circle-plus']);

/** Generated map kinds (the CLI's `sightlines generate`). */
export const MAP_KINDS = Object.freeze(['cave', 'rooms', 'pillars']);

let wasm = null; // the instance's exports once init() has run
let loading = null;
let catalogueCache = null;

// bundle:esm-start (the playground's classic-script bundle replaces this part)
function defaultSource() {
  return new URL('./sightlines.wasm', import.meta.url);
}
// bundle:esm-end

async function bytesOf(source) {
  if (source instanceof URL || typeof source === 'string') {
    const url = source instanceof URL ? source : new URL(source, globalThis.location?.href);
    if (url.protocol === 'file:' && typeof process !== 'undefined' && process.versions?.node) {
      const { readFile } = await import('node:fs/promises');
      return readFile(url);
    }
    const response = await fetch(url);
    if (!response.ok) throw new Error(`cannot load ${url}: HTTP ${response.status}`);
    return response.arrayBuffer();
  }
  if (typeof Response !== 'undefined' && source instanceof Response) return source.arrayBuffer();
  return source;
}

/**
 * Loads the WebAssembly module; call (and await) it once before anything
 * else. `source` may be a URL, a path URL string, bytes, a Response or a
 * compiled WebAssembly.Module; by default the `sightlines.wasm` beside this
 * file.
 */
export function init(source) {
  if (wasm) return Promise.resolve();
  if (!loading) {
    loading = (async () => {
      const input = await bytesOf(source ?? defaultSource());
      const result = await WebAssembly.instantiate(input, {});
      wasm = (result.instance ?? result).exports;
    })();
    loading.catch(() => { loading = null; });
  }
  return loading;
}

/** Like init(), synchronously, from bytes or a compiled module (node, workers). */
export function initSync(source) {
  if (wasm) return;
  const module = source instanceof WebAssembly.Module ? source : new WebAssembly.Module(source);
  wasm = new WebAssembly.Instance(module, {}).exports;
}

function exports() {
  if (!wasm) throw new Error('sightlines is not loaded yet; call `await init()` first');
  return wasm;
}

function bytes(ptr, len) {
  return new Uint8Array(wasm.memory.buffer, ptr >>> 0, len);
}

function lastError() {
  const text = new TextDecoder().decode(bytes(wasm.sightlines_error_ptr(), wasm.sightlines_error_len()));
  return text || 'sightlines failed';
}

/** Throws the module's message when `result` is an error code. */
function check(result) {
  if (result < 0) {
    const error = new Error(lastError());
    error.code = result;
    throw error;
  }
  return result;
}

function integer(value, what) {
  if (!Number.isInteger(value)) {
    throw new Error(`${what} must be an integer, got ${describe(value)}`);
  }
  return value;
}

function coordinate(value, what) {
  integer(value, what);
  if (value < -0x80000000 || value > 0x7fffffff) {
    throw new Error(`${what} ${value} is outside the 32-bit range of tile coordinates`);
  }
  return value;
}

function describe(value) {
  if (typeof value === 'string') return JSON.stringify(value);
  if (typeof value === 'function') return 'a function';
  if (Array.isArray(value)) return 'an array';
  return String(value);
}

function size(value, what) {
  integer(value, what);
  if (value < 1 || value > 0xffffffff) throw new Error(`${what} must be at least 1, got ${value}`);
  return value;
}

/** The settings the module takes, from options merged over defaults. */
function settings(options) {
  const radius = options.radius;
  let r;
  if (radius === undefined || radius === null || radius === Infinity) {
    r = -1;
  } else {
    if (!Number.isInteger(radius) || radius < 0) {
      throw new Error(`radius must be an integer of 0 or more, or null for the whole map; got ${describe(radius)}`);
    }
    r = Math.min(radius, 0x7fffffff);
  }
  const shape = options.shape ?? 'circle';
  const s = SHAPES.indexOf(shape);
  if (s < 0) throw new Error(`unknown shape ${describe(shape)}; use one of ${SHAPES.join(', ')}`);
  const lit = options.litWalls ?? true;
  if (typeof lit !== 'boolean') throw new Error(`litWalls must be true or false, got ${describe(lit)}`);
  const gaps = options.diagonalGaps ?? 'pass';
  if (gaps !== 'pass' && gaps !== 'block') {
    throw new Error(`unknown diagonalGaps ${describe(gaps)}; use 'pass' (sight slips between walls touching at a corner, if the algorithm lets it) or 'block'`);
  }
  let direction = 0;
  let width = 360;
  const cone = options.cone;
  if (cone !== undefined && cone !== null) {
    if (typeof cone !== 'object') throw new Error(`cone must be {direction, width} in degrees or null, got ${describe(cone)}`);
    direction = cone.direction;
    width = cone.width;
    if (!Number.isFinite(direction) || !Number.isFinite(width)) {
      throw new Error(`cone direction and width must be finite numbers of degrees, got ${describe(direction)} and ${describe(width)}`);
    }
  }
  // The module's flags: bit 0 walls lit, bit 1 the diagonal rule.
  return { radius: r, shape: s, flags: (lit ? 1 : 0) | (gaps === 'block' ? 2 : 0), direction, width };
}

/** The catalogue: one entry per algorithm id, with the properties it promises. */
export function catalogue() {
  if (!catalogueCache) {
    const w = exports();
    const h = check(w.sightlines_new());
    try {
      const len = check(w.sightlines_catalogue(h));
      const text = new TextDecoder().decode(bytes(check(w.sightlines_bytes(h)), len));
      catalogueCache = Object.freeze(JSON.parse(text).map((e) => Object.freeze(e)));
    } finally {
      w.sightlines_free(h);
    }
  }
  return catalogueCache;
}

/** Every algorithm id, in catalogue order. */
export function algorithms() {
  return catalogue().map((e) => e.id);
}

/**
 * A generated map, the same as `sightlines generate KIND --size WxH --seed N`:
 * `{width, height, opaque}` with one byte a tile, 1 for a wall.
 */
export function generateMap(kind, width, height, seed = 0) {
  const w = exports();
  const k = MAP_KINDS.indexOf(kind);
  if (k < 0) throw new Error(`unknown map kind ${describe(kind)}; use one of ${MAP_KINDS.join(', ')}`);
  size(width, 'width');
  size(height, 'height');
  const big = BigInt.asUintN(64, typeof seed === 'bigint' ? seed : BigInt(integer(seed, 'seed')));
  const h = check(w.sightlines_new());
  try {
    check(w.sightlines_generate(h, k, width, height, Number(big & 0xffffffffn), Number(big >> 32n)));
    const ww = check(w.sightlines_width(h));
    const hh = check(w.sightlines_height(h));
    const opaque = bytes(check(w.sightlines_map_bytes(h)), ww * hh).slice();
    return { width: ww, height: hh, opaque };
  } finally {
    w.sightlines_free(h);
  }
}

// Frees a context when its FieldOfView is garbage collected and free() was
// never called.
const registry = typeof FinalizationRegistry === 'undefined'
  ? null
  : new FinalizationRegistry((handle) => { if (wasm) wasm.sightlines_free(handle); });

/**
 * Field of view on one map, with the options as defaults for every call.
 *
 * The map is either `{width, height, opaque}`, an array-like of one entry a
 * tile, row by row (non-zero or true: opaque), or `{lightPasses}`, a
 * function `(x, y) => boolean` as in rot.js, read afresh at each call in the
 * range's box, one tile wider (with `width` and `height` it is bounded to
 * them, without them every call needs a radius).
 */
export class FieldOfView {
  constructor(map, options = {}) {
    const w = exports();
    if (map === null || typeof map !== 'object') {
      throw new Error(`the map must be {width, height, opaque} or {lightPasses}, got ${describe(map)}`);
    }
    this.options = { algorithm: 'precise-permissive', radius: null, shape: 'circle', litWalls: true, diagonalGaps: 'pass', cone: null, ...options };
    settings(this.options); // fails now rather than at the first call
    this.handle = check(w.sightlines_new());
    registry?.register(this, this.handle, this);
    this.algorithmSet = null;
    try {
      if (typeof map.lightPasses === 'function') {
        this.lightPasses = map.lightPasses;
        this.bounded = map.width !== undefined || map.height !== undefined;
        if (this.bounded) {
          this.width = size(map.width, 'width');
          this.height = size(map.height, 'height');
        }
      } else if (map.lightPasses !== undefined) {
        throw new Error(`lightPasses must be a function (x, y) => boolean, got ${describe(map.lightPasses)}`);
      } else {
        this.setMap(map);
      }
      this.useAlgorithm(this.options.algorithm);
    } catch (error) {
      this.free();
      throw error;
    }
  }

  /** Replaces the map: `{width, height, opaque}` as in the constructor. */
  setMap({ width, height, opaque }) {
    const w = this.live();
    size(width, 'width');
    size(height, 'height');
    if (opaque === null || typeof opaque !== 'object' || typeof opaque.length !== 'number') {
      throw new Error(`opaque must be an array or typed array of width x height entries, got ${describe(opaque)}`);
    }
    if (opaque.length !== width * height) {
      throw new Error(`the map has ${opaque.length} entries, but ${width} x ${height} needs ${width * height}; give one entry per tile, row by row`);
    }
    const ptr = check(w.sightlines_input(this.handle, opaque.length));
    const input = bytes(ptr, opaque.length);
    if (opaque instanceof Uint8Array) {
      input.set(opaque);
    } else {
      for (let i = 0; i < opaque.length; i++) input[i] = opaque[i] ? 1 : 0;
    }
    check(w.sightlines_load_map(this.handle, width, height));
    this.width = width;
    this.height = height;
    this.lightPasses = null;
    this.bounded = true;
  }

  /** Makes one tile a wall (`true`) or floor (`false`). */
  setTile(x, y, opaque) {
    const w = this.live();
    this.needsGrid('setTile');
    check(w.sightlines_set_tile(this.handle, coordinate(x, 'x'), coordinate(y, 'y'), opaque ? 1 : 0));
  }

  /** Sets default options (algorithm, radius, shape, litWalls, diagonalGaps, cone). */
  setOptions(options) {
    const merged = { ...this.options, ...options };
    settings(merged);
    this.useAlgorithm(merged.algorithm);
    this.options = merged;
  }

  /**
   * Calls `visit(x, y)` for every tile visible from (x, y), each once, row
   * by row (y, then x); returns how many.
   * `options` override the defaults for this call.
   */
  compute(x, y, visit, options) {
    if (typeof visit !== 'function') throw new Error(`compute needs a callback visit(x, y), got ${describe(visit)}`);
    const run = this.run(x, y, options);
    const { count, stride, x0, y0 } = run;
    // A copy: visit may call into the module, which reuses its buffers.
    if (!this.scratch || this.scratch.length < count) this.scratch = new Uint32Array(Math.max(count, 64) * 2);
    const tiles = this.scratch;
    tiles.set(run.tiles);
    for (let i = 0; i < count; i++) {
      const t = tiles[i];
      visit(x0 + (t % stride), y0 + Math.floor(t / stride));
    }
    return count;
  }

  /**
   * The tiles visible from (x, y) as a mask of width x height bytes, 1 for
   * visible (into `out` when given). Needs a bounded map.
   */
  computeMask(x, y, options, out) {
    if (!this.bounded) throw new Error('computeMask needs a map with a width and height; use compute(x, y, visit) on an unbounded lightPasses map');
    const area = this.width * this.height;
    const mask = out ?? new Uint8Array(area);
    if (!(mask instanceof Uint8Array) || mask.length !== area) {
      throw new Error(`out must be a Uint8Array of ${area} entries`);
    }
    const { count, tiles, stride, x0, y0 } = this.run(x, y, options);
    mask.fill(0);
    if (stride === this.width && x0 === 0 && y0 === 0) {
      for (let i = 0; i < count; i++) mask[tiles[i]] = 1;
    } else {
      for (let i = 0; i < count; i++) {
        const t = tiles[i];
        mask[(y0 + Math.floor(t / stride)) * this.width + x0 + (t % stride)] = 1;
      }
    }
    return mask;
  }

  /** Whether (tx, ty) is in the field of view from (x, y); off the map is never. */
  canSee(x, y, tx, ty, options) {
    const w = this.live();
    this.needsGrid('canSee');
    const s = this.prepare(options);
    coordinate(tx, 'tx');
    coordinate(ty, 'ty');
    return check(w.sightlines_can_see(this.handle, coordinate(x, 'x'), coordinate(y, 'y'), tx, ty, s.radius, s.shape, s.flags)) === 1;
  }

  /** Fog of war: remembers the last field of view; returns how many tiles were new. */
  remember() {
    const w = this.live();
    this.needsGrid('remember');
    return check(w.sightlines_remember(this.handle));
  }

  /** Forgets every remembered tile. */
  forget() {
    const w = this.live();
    this.needsGrid('forget');
    check(w.sightlines_forget(this.handle));
  }

  /** Each tile's knowledge: 0 never seen, 1 remembered, 2 in the last field of view. */
  knowledge(out) {
    const w = this.live();
    this.needsGrid('knowledge');
    const area = this.width * this.height;
    const ptr = check(w.sightlines_knowledge(this.handle));
    const result = out ?? new Uint8Array(area);
    result.set(bytes(ptr, area));
    return result;
  }

  /**
   * The one-way pairs among floor tiles (what `sightlines check` counts):
   * `{pairs, counts}`, counts being the pairs each tile is in.
   */
  oneWayPairs(options) {
    const w = this.live();
    this.needsGrid('oneWayPairs');
    const s = this.prepare(options);
    const pairs = check(w.sightlines_one_way(this.handle, s.radius, s.shape, s.flags));
    const area = this.width * this.height;
    const counts = new Uint32Array(wasm.memory.buffer, check(w.sightlines_counts(this.handle)) >>> 0, area).slice();
    return { pairs, counts };
  }

  /**
   * For a viewer at (x, y), each floor tile: 1 when the viewer sees it but
   * it does not see the viewer, 2 for the reverse, else 0.
   */
  oneWayFrom(x, y, options) {
    const w = this.live();
    this.needsGrid('oneWayFrom');
    const s = this.prepare(options);
    const ptr = check(w.sightlines_one_way_from(this.handle, coordinate(x, 'x'), coordinate(y, 'y'), s.radius, s.shape, s.flags));
    return bytes(ptr, this.width * this.height).slice();
  }

  /** Releases the module's memory for this map; the object is unusable after. */
  free() {
    if (this.handle !== 0 && wasm) {
      wasm.sightlines_free(this.handle);
      registry?.unregister(this);
    }
    this.handle = 0;
  }

  // Internals.

  live() {
    const w = exports();
    if (this.handle === 0) throw new Error('this FieldOfView was freed; make a new one');
    return w;
  }

  needsGrid(what) {
    if (this.lightPasses) throw new Error(`${what} needs a map given as {width, height, opaque}, not lightPasses`);
  }

  useAlgorithm(id) {
    if (id === this.algorithmSet) return;
    if (typeof id !== 'string') throw new Error(`algorithm must be an id string such as "precise-permissive", got ${describe(id)}`);
    const w = this.live();
    const encoded = new TextEncoder().encode(id);
    bytes(check(w.sightlines_input(this.handle, encoded.length)), encoded.length).set(encoded);
    check(w.sightlines_set_algorithm(this.handle, encoded.length));
    this.algorithmSet = id;
  }

  prepare(options) {
    const merged = options ? { ...this.options, ...options } : this.options;
    const s = settings(merged);
    this.useAlgorithm(merged.algorithm);
    return s;
  }

  run(x, y, options) {
    const w = this.live();
    coordinate(x, 'x');
    coordinate(y, 'y');
    const s = this.prepare(options);
    let x0 = 0;
    let y0 = 0;
    let ox = x;
    let oy = y;
    let stride = this.width;
    if (this.lightPasses) {
      [x0, y0, ox, oy, stride] = this.sample(x, y, s.radius);
    }
    const count = check(w.sightlines_compute(this.handle, ox, oy, s.radius, s.shape, s.flags, s.direction, s.width));
    const tiles = new Uint32Array(wasm.memory.buffer, check(w.sightlines_tiles(this.handle)) >>> 0, count);
    return { count, tiles, stride, x0, y0 };
  }

  /** Reads lightPasses in the range's box, one tile wider, into the module. */
  sample(x, y, radius) {
    const w = wasm;
    if (this.bounded && (x < 0 || y < 0 || x >= this.width || y >= this.height)) {
      throw new Error(`origin (${x}, ${y}) is off the ${this.width} x ${this.height} map; use 0 <= x < ${this.width} and 0 <= y < ${this.height}`);
    }
    if (radius < 0 && !this.bounded) {
      throw new Error('a lightPasses map without width and height is unbounded, so the range needs a radius; pass {radius: R}, or give width and height');
    }
    const m = radius < 0 ? Infinity : radius + 1;
    let x0 = x - m;
    let y0 = y - m;
    let x1 = x + m;
    let y1 = y + m;
    if (this.bounded) {
      x0 = Math.max(x0, 0);
      y0 = Math.max(y0, 0);
      x1 = Math.min(x1, this.width - 1);
      y1 = Math.min(y1, this.height - 1);
    }
    const ww = x1 - x0 + 1;
    const hh = y1 - y0 + 1;
    if (ww * hh > 1 << 24) throw new Error(`a radius of ${radius} needs ${ww} x ${hh} tiles read from lightPasses; use a smaller radius`);
    // Read first, copy after: lightPasses may call into the module, whose
    // memory may then grow and move.
    const window = new Uint8Array(ww * hh);
    const pass = this.lightPasses;
    let i = 0;
    for (let ty = y0; ty <= y1; ty++) {
      for (let tx = x0; tx <= x1; tx++) window[i++] = pass(tx, ty) ? 0 : 1;
    }
    bytes(check(w.sightlines_input(this.handle, ww * hh)), ww * hh).set(window);
    check(w.sightlines_load_map(this.handle, ww, hh));
    return [x0, y0, x - x0, y - y0, ww];
  }
}
