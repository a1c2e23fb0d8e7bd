/**
 * Map tiles (256 px SVG) that look like a plain street map: blocks with buildings, parks, lakes, a grid of
 * streets and main roads. Everything is placed in the zoom level's world pixels from seeded hashes, so a
 * tile is always the same and its streets, blocks and water go on across its edges into the next tile.
 */

const TILE = 256;
/** Street spacing in world pixels; a main road every MAIN_EVERY streets. */
const SPACING = 64;
const MAIN_EVERY = 5;
const STREET = 5;
const MAIN_ROAD = 11;
const COLORS = {
  street: '#ffffff',
  main: '#f9d29c',
  land: '#f2efe9',
  building: '#d9d0c9',
  park: '#c8e6b0',
  water: '#aad3df',
};

/** 32-bit hash of integers to [0, 1). */
function hash(...values: number[]): number {
  let h = 0x811c9dc5;
  for (const v of values) {
    h = Math.imul(h ^ (v | 0), 0x01000193);
    h = Math.imul(h ^ (h >>> 15), 0x85ebca6b);
  }
  h ^= h >>> 13;
  return (h >>> 0) / 2 ** 32;
}

/** The world position of street `i` along one axis, moved up to a quarter spacing either way. */
const street = (z: number, axis: number, i: number) => i * SPACING + (hash(z, axis, i) - 0.5) * (SPACING / 2);

/** Smooth noise over cells, so water comes in lakes and rivers a few blocks wide, not single cells. */
function lakeNoise(z: number, i: number, j: number): number {
  const [gi, gj] = [Math.floor(i / 6), Math.floor(j / 6)];
  const [fi, fj] = [(i / 6 - gi) ** 2 * (3 - 2 * (i / 6 - gi)), (j / 6 - gj) ** 2 * (3 - 2 * (j / 6 - gj))];
  const corner = (a: number, b: number) => hash(z, 7, gi + a, gj + b);
  const top = corner(0, 0) + (corner(1, 0) - corner(0, 0)) * fi;
  const bottom = corner(0, 1) + (corner(1, 1) - corner(0, 1)) * fi;
  return top + (bottom - top) * fj;
}

type Cell = 'water' | 'park' | 'block';
function cellKind(z: number, i: number, j: number): Cell {
  if (lakeNoise(z, i, j) > 0.72) return 'water';
  return hash(z, 11, i, j) < 0.1 ? 'park' : 'block';
}

const n = (v: number) => Math.round(v * 10) / 10;
const rect = (x: number, y: number, w: number, h: number, fill: string) =>
  `<rect x="${n(x)}" y="${n(y)}" width="${n(w)}" height="${n(h)}" fill="${fill}"/>`;

export function mapTileSvg(z: number, x: number, y: number): string {
  const [x0, y0] = [x * TILE, y * TILE];
  const range = (from: number) => {
    const first = Math.floor(from / SPACING) - 1;
    return Array.from({ length: TILE / SPACING + 3 }, (_, k) => first + k);
  };
  const columns = range(x0);
  const rows = range(y0);
  const width = (i: number) => (i % MAIN_EVERY === 0 ? MAIN_ROAD : STREET);
  let roads = '';
  for (const i of columns.filter((c) => c % MAIN_EVERY === 0))
    roads += rect(street(z, 0, i) - x0 - MAIN_ROAD / 2, 0, MAIN_ROAD, TILE, COLORS.main);
  for (const j of rows.filter((r) => r % MAIN_EVERY === 0))
    roads += rect(0, street(z, 1, j) - y0 - MAIN_ROAD / 2, TILE, MAIN_ROAD, COLORS.main);
  let cells = '';
  for (const i of columns) {
    for (const j of rows) {
      const [left, right] = [street(z, 0, i) - x0, street(z, 0, i + 1) - x0];
      const [top, bottom] = [street(z, 1, j) - y0, street(z, 1, j + 1) - y0];
      if (right < 0 || left > TILE || bottom < 0 || top > TILE) continue;
      const kind = cellKind(z, i, j);
      // Water covers its streets (and overlaps its neighbours by half a pixel, no seam), so water cells make one lake.
      const inset =
        kind === 'water' ? [-0.5, -0.5, -0.5, -0.5] : [width(i) / 2, width(i + 1) / 2, width(j) / 2, width(j + 1) / 2];
      const [bx, by, bw, bh] = [
        left + inset[0]!,
        top + inset[2]!,
        right - left - inset[0]! - inset[1]!,
        bottom - top - inset[2]! - inset[3]!,
      ];
      cells += rect(bx, by, bw, bh, COLORS[kind === 'block' ? 'land' : kind]);
      if (kind !== 'block' || z < 14) continue;
      // Buildings along the block's edges.
      const count = 2 + Math.floor(hash(z, 13, i, j) * 3);
      for (let k = 0; k < count; k++) {
        const [u, v, s, t] = [hash(z, 17, i, j, k), hash(z, 19, i, j, k), hash(z, 23, i, j, k), hash(z, 29, i, j, k)];
        const [w, h] = [bw * (0.25 + s * 0.3), bh * (0.25 + t * 0.3)];
        cells += rect(
          bx + 3 + u * Math.max(0, bw - w - 6),
          by + 3 + v * Math.max(0, bh - h - 6),
          w,
          h,
          COLORS.building,
        );
      }
    }
  }
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${TILE}" height="${TILE}" viewBox="0 0 ${TILE} ${TILE}">` +
    `<rect width="${TILE}" height="${TILE}" fill="${COLORS.street}"/>${roads}${cells}</svg>`
  );
}
