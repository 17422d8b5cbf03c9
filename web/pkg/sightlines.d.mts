// Types of sightlines.mjs: exact field of view on grid maps, in WebAssembly.

/** A range shape: each one exact integer rule on the offset (dx, dy). */
export type Shape = 'square' | 'diamond' | 'circle' | 'circle-plus';

/** Range shapes, in the module's order. */
export const SHAPES: readonly Shape[];

/** A generated map's kind. */
export type MapKind = 'cave' | 'rooms' | 'pillars';

/** Generated map kinds. */
export const MAP_KINDS: readonly MapKind[];

/**
 * An algorithm id of the catalogue, such as `precise-permissive` or
 * `symmetric-shadowcast` (see {@link algorithms}).
 */
export type AlgorithmId =
  | 'precise-permissive'
  | 'diamond-shadowcast'
  | 'symmetric-shadowcast'
  | 'recursive-shadowcast'
  | 'raycast'
  | 'basic-raycast'
  | 'diamond-raycast'
  | 'restrictive'
  | 'beveled'
  | `permissive-${0 | 1 | 2 | 3 | 4 | 5 | 6 | 7 | 8}`;

/** A cone of view: a direction (0 east, 90 south: y grows down) and a width, in degrees. */
export interface Cone {
  direction: number;
  /** 360 or more: no cone. */
  width: number;
}

/** Options of a field of view; each call may override the defaults. */
export interface Options {
  /** Default `precise-permissive`. */
  algorithm?: AlgorithmId | string;
  /** A radius of 0 or more; `null` (the default) for the whole map. */
  radius?: number | null;
  /** Default `circle`. */
  shape?: Shape;
  /** Whether walls that sight reaches are visible (default true). */
  litWalls?: boolean;
  /**
   * `block` seals every corner where two walls touch diagonally: no sight
   * line passes it. Default `pass`, each algorithm's own rule. Algorithms
   * whose catalogue entry has `diagonalRule: 'no'` throw with `block`.
   */
  diagonalGaps?: 'pass' | 'block';
  /** Limit the view to a cone; `null` (the default) for all around. */
  cone?: Cone | null;
}

/** A map as one entry a tile, row by row: non-zero (or true) is opaque. */
export interface GridMap {
  width: number;
  height: number;
  opaque: Uint8Array | ArrayLike<number | boolean>;
}

/**
 * A map as a function, the way rot.js takes it: true where light passes.
 * Read afresh at each call in the range's box, one tile wider. With width
 * and height it is bounded to them; without, every call needs a radius.
 */
export interface CallbackMap {
  lightPasses: (x: number, y: number) => boolean;
  width?: number;
  height?: number;
}

/** One algorithm's promises, as in `sightlines algorithms`. */
export interface CatalogueEntry {
  id: AlgorithmId;
  symmetric: 'yes' | 'floors' | 'no';
  walls: string;
  sight: string;
  diagonalGaps: 'yes' | 'no';
  /** Whether it keeps the `diagonalGaps: 'block'` option. */
  diagonalRule: 'yes' | 'no';
  expansiveWalls: 'yes' | 'no';
  rotationInvariant: 'yes' | 'no';
  speed: string;
}

/**
 * Loads the WebAssembly module; await it once before anything else. By
 * default it loads `sightlines.wasm` beside the module.
 */
export function init(source?: URL | string | BufferSource | Response | WebAssembly.Module): Promise<void>;

/** Like init(), synchronously, from bytes or a compiled module. */
export function initSync(source: BufferSource | WebAssembly.Module): void;

/** The catalogue, in catalogue order. */
export function catalogue(): readonly CatalogueEntry[];

/** Every algorithm id, in catalogue order. */
export function algorithms(): AlgorithmId[];

/** The map `sightlines generate KIND --size WxH --seed N` writes (1 = wall). */
export function generateMap(
  kind: MapKind,
  width: number,
  height: number,
  seed?: number | bigint,
): { width: number; height: number; opaque: Uint8Array };

/** An Error from sightlines: a one-line message saying what to do. */
export interface SightlinesError extends Error {
  /** The module's error code, when the module found the problem. */
  code?: number;
}

/** Field of view on one map. Every method throws an Error on bad input. */
export class FieldOfView {
  constructor(map: GridMap | CallbackMap, options?: Options);
  /** The default options. */
  readonly options: Required<Options>;
  /** The map's size (undefined for an unbounded lightPasses map). */
  readonly width: number | undefined;
  readonly height: number | undefined;

  /** Replaces the map. */
  setMap(map: GridMap): void;
  /** Makes one tile a wall or a floor. */
  setTile(x: number, y: number, opaque: boolean): void;
  /** Changes the default options. */
  setOptions(options: Options): void;

  /** Calls visit(x, y) for every visible tile, each once, row by row; returns the count. */
  compute(x: number, y: number, visit: (x: number, y: number) => void, options?: Options): number;
  /** The visible tiles as width x height bytes, 1 for visible. */
  computeMask(x: number, y: number, options?: Options, out?: Uint8Array): Uint8Array;
  /** Whether (tx, ty) is in the field of view from (x, y). */
  canSee(x: number, y: number, tx: number, ty: number, options?: Options): boolean;

  /** Fog of war: remembers the last field of view; returns how many tiles were new. */
  remember(): number;
  /** Forgets every remembered tile. */
  forget(): void;
  /** Per tile: 0 never seen, 1 remembered, 2 in the last field of view. */
  knowledge(out?: Uint8Array): Uint8Array;

  /** One-way pairs among floor tiles (`sightlines check`); counts per tile. */
  oneWayPairs(options?: Options): { pairs: number; counts: Uint32Array };
  /** From (x, y): 1 seen but not seeing back, 2 seeing but not seen, else 0. */
  oneWayFrom(x: number, y: number, options?: Options): Uint8Array;

  /** Releases the module's memory for this map. */
  free(): void;
}
