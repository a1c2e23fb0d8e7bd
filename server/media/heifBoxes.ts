/**
 * Just enough of ISO-BMFF (HEIF, AVIF: ISO/IEC 23008-12) to know what decoding a file costs and to hand its
 * coded picture to a decoder: the primary item's type, size, bit depth, chroma, alpha, rotation and where
 * its bytes are. Reads boxes by their sizes and never trusts one past the file's end; anything it does not
 * understand makes it answer undefined (the file is then not a picture the pipeline sizes).
 */

export interface HeifItem {
  /** `av01` (AVIF), `hvc1` (HEIC), `grid` (tiles), or another type. */
  type: string;
  width: number;
  height: number;
  /** Bits per channel (pixi, else the codec configuration); 8 when neither says. */
  bitDepth: number;
  /** The coded pictures' codec (the item's, or a grid's tiles'), by its configuration box. */
  codec: 'av01' | 'hvc1' | undefined;
  /** Chroma subsampling from the codec configuration: '420', '422', '444' or 'mono'. */
  chroma: '420' | '422' | '444' | 'mono' | undefined;
  /** An alpha plane as an auxiliary item. */
  hasAlpha: boolean;
  /** Counter-clockwise quarter turns (irot) and a mirror axis (imir), which a decoder applies. */
  rotation: 0 | 1 | 2 | 3;
  mirror: 'vertical' | 'horizontal' | undefined;
  /** nclx colour: matrix coefficients and full range, when the file says. */
  matrix: number | undefined;
  fullRange: boolean | undefined;
  /** The item's coded bytes (for av01: its OBUs), when they are in this file. */
  data: Buffer | undefined;
  /** For a grid: its tiles' items, in order. */
  tiles: number;
}

interface Box {
  type: string;
  body: number;
  end: number;
}

function boxesIn(bytes: Buffer, start: number, end: number): Box[] {
  const found: Box[] = [];
  for (let at = start; at + 8 <= end;) {
    let size = bytes.readUInt32BE(at);
    const type = bytes.toString('latin1', at + 4, at + 8);
    let header = 8;
    if (size === 1) {
      if (at + 16 > end) break;
      size = Number(bytes.readBigUInt64BE(at + 8));
      header = 16;
    } else if (size === 0) size = end - at;
    if (size < header || at + size > end) break;
    found.push({ type, body: at + header, end: at + size });
    at += size;
  }
  return found;
}

/** A reader of big-endian unsigned integers of 0–8 bytes within [at, end). */
class Cursor {
  constructor(
    private readonly bytes: Buffer,
    public at: number,
    private readonly end: number,
  ) {}
  uint(size: number): number {
    if (this.at + size > this.end) throw new RangeError('box cut short');
    let value = 0;
    for (let i = 0; i < size; i++) value = value * 256 + this.bytes[this.at++]!;
    return value;
  }
}

interface Location {
  construction: number;
  extents: [number, number][];
}

function locations(bytes: Buffer, box: Box): Map<number, Location> {
  const c = new Cursor(bytes, box.body, box.end);
  const version = c.uint(1);
  c.uint(3);
  const sizes = c.uint(1);
  const more = c.uint(1);
  const [offsetSize, lengthSize, baseSize] = [sizes >> 4, sizes & 15, more >> 4];
  const indexSize = version > 0 ? more & 15 : 0;
  const count = c.uint(version < 2 ? 2 : 4);
  const found = new Map<number, Location>();
  for (let i = 0; i < count; i++) {
    const id = c.uint(version < 2 ? 2 : 4);
    const construction = version > 0 ? c.uint(2) & 15 : 0;
    c.uint(2);
    const base = c.uint(baseSize);
    const extents: [number, number][] = [];
    for (let n = c.uint(2); n > 0; n--) {
      c.uint(indexSize);
      extents.push([base + c.uint(offsetSize), c.uint(lengthSize)]);
    }
    found.set(id, { construction, extents });
  }
  return found;
}

function itemTypes(bytes: Buffer, box: Box): Map<number, string> {
  const c = new Cursor(bytes, box.body, box.end);
  const version = c.uint(1);
  c.uint(3);
  const count = c.uint(version === 0 ? 2 : 4);
  const types = new Map<number, string>();
  for (const infe of boxesIn(bytes, c.at, box.end).slice(0, count)) {
    if (infe.type !== 'infe') continue;
    const e = new Cursor(bytes, infe.body, infe.end);
    const v = e.uint(1);
    e.uint(3);
    if (v < 2) continue;
    const id = e.uint(v === 2 ? 2 : 4);
    e.uint(2);
    types.set(id, bytes.toString('latin1', e.at, e.at + 4));
  }
  return types;
}

/** Each item's properties (ipma into ipco), by item id. */
function properties(bytes: Buffer, iprp: Box): Map<number, Box[]> {
  const inside = boxesIn(bytes, iprp.body, iprp.end);
  const ipco = inside.find((b) => b.type === 'ipco');
  const all = ipco ? boxesIn(bytes, ipco.body, ipco.end) : [];
  const byItem = new Map<number, Box[]>();
  for (const ipma of inside.filter((b) => b.type === 'ipma')) {
    const c = new Cursor(bytes, ipma.body, ipma.end);
    const version = c.uint(1);
    const flags = c.uint(3);
    for (let n = c.uint(4); n > 0; n--) {
      const id = c.uint(version < 1 ? 2 : 4);
      const list = byItem.get(id) ?? [];
      for (let a = c.uint(1); a > 0; a--) {
        const index = flags & 1 ? c.uint(2) & 0x7fff : c.uint(1) & 0x7f;
        const property = all[index - 1];
        if (property) list.push(property);
      }
      byItem.set(id, list);
    }
  }
  return byItem;
}

/** Items that reference `to` with `type` (iref), e.g. an alpha plane's `auxl`, a grid's `dimg` tiles (from the grid). */
function references(bytes: Buffer, iref: Box | undefined): { type: string; from: number; to: number[] }[] {
  if (!iref) return [];
  const c = new Cursor(bytes, iref.body, iref.end);
  const version = c.uint(1);
  c.uint(3);
  const idSize = version === 0 ? 2 : 4;
  return boxesIn(bytes, c.at, iref.end).map((ref) => {
    const r = new Cursor(bytes, ref.body, ref.end);
    const from = r.uint(idSize);
    const to = Array.from({ length: r.uint(2) }, () => r.uint(idSize));
    return { type: ref.type, from, to };
  });
}

/** The primary picture of a HEIF/AVIF file, or undefined when the file is not one this reads. */
export function readHeif(bytes: Buffer): HeifItem | undefined {
  try {
    return primaryItem(bytes);
  } catch {
    return undefined;
  }
}

function primaryItem(bytes: Buffer): HeifItem | undefined {
  const meta = boxesIn(bytes, 0, bytes.length).find((b) => b.type === 'meta');
  if (!meta) return undefined;
  const inMeta = boxesIn(bytes, meta.body + 4, meta.end);
  const find = (type: string) => inMeta.find((b) => b.type === type);
  const [pitm, iloc, iinf, iprp] = [find('pitm'), find('iloc'), find('iinf'), find('iprp')];
  if (!pitm || !iloc || !iinf || !iprp) return undefined;
  const p = new Cursor(bytes, pitm.body, pitm.end);
  const pitmVersion = p.uint(1);
  p.uint(3);
  const primary = p.uint(pitmVersion === 0 ? 2 : 4);
  const type = itemTypes(bytes, iinf).get(primary);
  if (!type) return undefined;
  const props = properties(bytes, iprp);
  const refs = references(bytes, find('iref'));
  const own = props.get(primary) ?? [];
  const prop = (name: string, of: Box[] = own) => of.find((b) => b.type === name);
  const ispe = prop('ispe');
  if (!ispe) return undefined;
  const size = new Cursor(bytes, ispe.body + 4, ispe.end);
  const [width, height] = [size.uint(4), size.uint(4)];
  const tiles = refs.find((r) => r.type === 'dimg' && r.from === primary)?.to ?? [];
  // A grid's codec configuration is its tiles'.
  const coded = type === 'grid' && tiles[0] !== undefined ? (props.get(tiles[0]) ?? []) : own;
  const codec = codecOf(bytes, prop('av1C', coded), prop('hvcC', coded));
  const pixi = prop('pixi', own) ?? prop('pixi', coded);
  const bitDepth = pixi && pixi.end - pixi.body > 5 ? bytes[pixi.body + 5]! : (codec.bitDepth ?? 8);
  const irot = prop('irot');
  const imir = prop('imir');
  const colr = prop('colr') ?? prop('colr', coded);
  const nclx = colr && bytes.toString('latin1', colr.body, colr.body + 4) === 'nclx' ? colr : undefined;
  const hasAlpha = refs.some((r) => r.type === 'auxl' && r.to.includes(primary));
  const location = locations(bytes, iloc).get(primary);
  let data: Buffer | undefined;
  if (location && location.construction === 0 && location.extents.every(([o, l]) => o + l <= bytes.length))
    data = Buffer.concat(location.extents.map(([o, l]) => bytes.subarray(o, o + l)));
  return {
    type,
    width,
    height,
    bitDepth,
    codec: prop('av1C', coded) ? 'av01' : prop('hvcC', coded) ? 'hvc1' : undefined,
    chroma: codec.chroma,
    hasAlpha,
    rotation: irot ? ((bytes[irot.body]! & 3) as 0 | 1 | 2 | 3) : 0,
    mirror: imir ? (bytes[imir.body]! & 1 ? 'horizontal' : 'vertical') : undefined,
    matrix: nclx && nclx.end - nclx.body >= 11 ? bytes.readUInt16BE(nclx.body + 8) : undefined,
    fullRange: nclx && nclx.end - nclx.body >= 11 ? (bytes[nclx.body + 10]! & 0x80) !== 0 : undefined,
    data,
    tiles: tiles.length,
  };
}

function codecOf(
  bytes: Buffer,
  av1C: Box | undefined,
  hvcC: Box | undefined,
): { bitDepth?: number; chroma?: HeifItem['chroma'] } {
  if (av1C && av1C.end - av1C.body >= 4) {
    // marker/version, profile/level, then: tier, high_bitdepth, twelve_bit, monochrome, subsampling x, y.
    const flags = bytes[av1C.body + 2]!;
    const bitDepth = flags & 0x40 ? (flags & 0x20 ? 12 : 10) : 8;
    const [mono, sx, sy] = [(flags >> 4) & 1, (flags >> 3) & 1, (flags >> 2) & 1];
    return { bitDepth, chroma: mono ? 'mono' : sx && sy ? '420' : sx ? '422' : '444' };
  }
  if (hvcC && hvcC.end - hvcC.body >= 23) {
    const chromaFormat = bytes[hvcC.body + 16]! & 3;
    const bitDepth = (bytes[hvcC.body + 17]! & 7) + 8;
    return { bitDepth, chroma: (['mono', '420', '422', '444'] as const)[chromaFormat] };
  }
  return {};
}
