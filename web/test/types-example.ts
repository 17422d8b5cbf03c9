// Type-checked by test/types.test.mjs (tsc --strict): the package's types
// accept the README's uses and reject wrong ones.
import { init, FieldOfView, generateMap, catalogue, algorithms, SHAPES } from '../pkg/sightlines.mjs';
import type { Options, CatalogueEntry, Shape, AlgorithmId } from '../pkg/sightlines.mjs';

export async function example(): Promise<number> {
  await init();
  const map = generateMap('cave', 40, 20, 7);
  const options: Options = { algorithm: 'symmetric-shadowcast', radius: 8, shape: 'circle-plus', litWalls: false, cone: { direction: 90, width: 60 } };
  const fov = new FieldOfView(map, options);
  const mask: Uint8Array = fov.computeMask(3, 4);
  let n: number = fov.compute(3, 4, (x: number, y: number) => { n += x + y; });
  const seen: boolean = fov.canSee(3, 4, 5, 6, { radius: null });
  const newly: number = fov.remember();
  const knowledge: Uint8Array = fov.knowledge();
  const { pairs, counts }: { pairs: number; counts: Uint32Array } = fov.oneWayPairs();
  const marks: Uint8Array = fov.oneWayFrom(3, 4);
  fov.setTile(1, 1, true);
  fov.setOptions({ algorithm: 'permissive-3' });
  fov.free();
  const open = new FieldOfView({ lightPasses: (x, y) => x !== y }, { radius: 5 });
  open.compute(0, 0, () => {});
  const entry: CatalogueEntry = catalogue()[0];
  const ids: AlgorithmId[] = algorithms();
  const shape: Shape = SHAPES[0];
  // @ts-expect-error: an unknown shape
  const bad: Options = { shape: 'hexagon' };
  // @ts-expect-error: compute needs a callback
  fov.compute(1, 2);
  void [mask, seen, newly, knowledge, pairs, counts, marks, entry, ids, shape, bad];
  return n;
}
