import sharp, { type Sharp } from 'sharp';
import { PHOTO_SIZES, photoFormat, photoOrientation, photoPath, type Photo } from '../data/pictures.js';
import { carSvg, sceneSvg, seededRandom } from './media-svg.js';

/**
 * Photographs as a dealer system delivers them, made from the drawings in media-svg.ts: rendered at
 * full size by sharp (librsvg), with seeded texture and grain added so they weigh what photographs weigh,
 * at full size and resized (a flat drawing is 30 KB as a JPEG and 5 KB as a 640 px WebP), then encoded
 * with the metadata real ones carry (a phone's camera and GPS position on car photos, EXIF orientation on
 * a few). Everything is seeded from the picture's path, so the same URL gives the same bytes in every
 * process. Run in a process of its own (media-photo-maker.ts), never in the sandbox's.
 */

/**
 * Texture: value noise over cells of `cell` px and 4 and 16 times that, each with its brightness spread.
 * Fine grain alone vanishes when a picture is made smaller; this is detail that survives resizing, as a
 * photograph's does. Measured on a car and a hero: 1600×1200 JPEG 255–290 KB, 640 px WebP (q75) 45–55 KB,
 * 384 px 20–30 KB; grain alone gave 640 px WebPs of 5–8 KB.
 */
const TEXTURE = { cell: 5, spreads: [32, 18, 8] };
/** A kit's square frame has a quarter fewer pixels than a car's: a little more texture keeps it over 200 KB. */
const TEXTURE_SCALE: Partial<Record<Photo['kind'], number>> = { kit: 1.25 };
/** Film grain: the spread of the brightness added to single pixels. */
const GRAIN = 3;
/** A PNG keeps every grain exactly: a cut-out product shot gets grain only, and weighs about 400 KB. */
const PNG_GRAIN = 6;
/** A power of two: the tile is indexed with a mask. */
const GRAIN_TILE = 256;
/** As dealer systems store them: quality 80, standard Huffman tables (an optimising pass took a fifth of a photo's making). */
const JPEG = { quality: 80, optimiseCoding: false };

/** A dealer's phone for gallery pictures: what its EXIF says, and where it was (the site). */
const CAMERA = { Make: 'Apple', Model: 'iPhone 13' };

function drawing(photo: Photo): { svg: string; designWidth: number } {
  switch (photo.kind) {
    case 'car':
    case 'car360': {
      const { brand, model, body, colorKey } = photo.car;
      const angle = photo.kind === 'car360' ? ((photo.n - 1) * 360) / photo.of : undefined;
      return {
        svg: carSvg({
          brand,
          model,
          body,
          colorKey,
          n: photo.n,
          of: photo.of,
          ...(angle === undefined ? {} : { angle }),
          seed: photoPath(photo),
        }),
        designWidth: 1200,
      };
    }
    case 'site':
      return { svg: sceneSvg('site', photo.siteId, photo.name), designWidth: 1200 };
    case 'kit':
      return {
        svg: sceneSvg('kit', photo.kitId, photo.code, { transparent: photoFormat(photo) === 'png' }),
        designWidth: 800,
      };
    case 'person':
      return { svg: sceneSvg('person', photo.key, ''), designWidth: 400 };
    default:
      return { svg: sceneSvg(photo.kind, photo.key, photo.key.replace(/-/g, ' ')), designWidth: 1600 };
  }
}

/** Texture: its brightness offsets on a grid of one value per `TEXTURE.cell` px (the picture's size plus one cell). */
interface Texture {
  offsets: Float32Array;
  columns: number;
}

/** The texture's octaves summed on its grid: value noise, random values on a lattice 4^octave grid points apart, bilinear between them. */
function texture(random: () => number, width: number, height: number, scale = 1): Texture {
  const { cell, spreads } = TEXTURE;
  const [columns, rows] = [Math.ceil(width / cell) + 2, Math.ceil(height / cell) + 2];
  const offsets = new Float32Array(columns * rows);
  spreads.forEach((spread, octave) => {
    const step = 4 ** octave;
    const lw = Math.ceil(columns / step) + 2;
    const lattice = Float32Array.from({ length: lw * (Math.ceil(rows / step) + 2) }, () => random() * 2 - 1);
    for (let y = 0; y < rows; y++) {
      const [ly, dy] = [Math.floor(y / step), (y % step) / step];
      for (let x = 0; x < columns; x++) {
        const [lx, dx] = [Math.floor(x / step), (x % step) / step];
        const [a, b, c, d] = [
          lattice[ly * lw + lx]!,
          lattice[ly * lw + lx + 1]!,
          lattice[(ly + 1) * lw + lx]!,
          lattice[(ly + 1) * lw + lx + 1]!,
        ];
        offsets[y * columns + x]! += scale * spread * (a + (b - a) * dx + (c - a) * dy + (a - b - c + d) * dx * dy);
      }
    }
  });
  return { offsets, columns };
}

/**
 * Adds texture (when given, bilinear between its grid points) and film grain (a seeded tile repeated over
 * the picture) in place to raw pixels (`channels` 3, or 4 with alpha, which is left alone), as brightness
 * offsets. In JavaScript, in the maker process: a fraction of the CPU of libvips' floating-point `overlay`
 * composite and bicubic enlargement.
 */
function addDetail(
  pixels: Buffer,
  width: number,
  height: number,
  channels: 3 | 4,
  random: () => number,
  grain: number,
  textured?: Texture,
): void {
  const tile = new Int8Array(GRAIN_TILE * GRAIN_TILE);
  // The sum of three uniforms: close to a normal distribution, as grain is.
  for (let i = 0; i < tile.length; i++) tile[i] = Math.round((random() + random() + random() - 1.5) * grain);
  // This runs for every pixel: typed arrays, integers (fractions in 256ths), each row's offsets first.
  const per = 1 / TEXTURE.cell;
  const column = new Int32Array(width);
  const across = new Int32Array(width);
  for (let x = 0; x < width; x++) {
    column[x] = Math.floor(x * per);
    across[x] = Math.round((x * per - column[x]!) * 256);
  }
  const columns = textured?.columns ?? 0;
  const line = new Int32Array(columns);
  const offsets = new Int32Array(width);
  for (let y = 0; y < height; y++) {
    const row = (y & (GRAIN_TILE - 1)) * GRAIN_TILE;
    for (let x = 0; x < width; x++) offsets[x] = tile[row + (x & (GRAIN_TILE - 1))]!;
    if (textured) {
      // This pixel row's texture between two grid rows, then between grid columns per pixel.
      const top = Math.floor(y * per) * columns;
      const down = y * per - Math.floor(y * per);
      const grid = textured.offsets;
      for (let g = 0; g < columns; g++)
        line[g] = Math.round(grid[top + g]! + (grid[top + columns + g]! - grid[top + g]!) * down);
      for (let x = 0; x < width; x++) {
        const g = column[x]!;
        const a = across[x]!;
        offsets[x] = offsets[x]! + ((line[g]! * (256 - a) + line[g + 1]! * a) >> 8);
      }
    }
    for (let x = 0, p = y * width * channels; x < width; x++, p += channels) {
      const offset = offsets[x]!;
      let value = pixels[p]! + offset;
      pixels[p] = value < 0 ? 0 : value > 255 ? 255 : value;
      value = pixels[p + 1]! + offset;
      pixels[p + 1] = value < 0 ? 0 : value > 255 ? 255 : value;
      value = pixels[p + 2]! + offset;
      pixels[p + 2] = value < 0 ? 0 : value > 255 ? 255 : value;
    }
  }
}

/**
 * The drawing turned a quarter left, as a phone held the other way stores it: shown upright only by a
 * viewer that applies EXIF Orientation 6 (turn a quarter right). Turning the drawing, not the pixels,
 * keeps it one rendering.
 */
function quarterTurnLeft(svg: string): string {
  const [, width, height] = /viewBox="0 0 (\d+) (\d+)"/.exec(svg)!.map(Number) as [number, number, number];
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${height} ${width}" width="${height}" height="${width}"><g transform="translate(0 ${width}) rotate(-90)">${svg}</g></svg>`;
}

/** Degrees, minutes and seconds as EXIF rationals ('59/1 19/1 4812/100'). */
function exifDegrees(value: number): string {
  const abs = Math.abs(value);
  const degrees = Math.floor(abs);
  const minutes = Math.floor((abs - degrees) * 60);
  const hundredths = Math.round(((abs - degrees) * 60 - minutes) * 6000);
  return `${degrees}/1 ${minutes}/1 ${hundredths}/100`;
}

function withCarExif(image: Sharp, photo: Photo): Sharp {
  if (photo.kind !== 'car' && photo.kind !== 'car360') return image;
  const { lat, lng } = photo.car.site;
  return image.withExif({
    IFD0: { ...CAMERA, Software: 'Dealer Photo 4.2' },
    IFD3: {
      GPSLatitudeRef: lat >= 0 ? 'N' : 'S',
      GPSLatitude: exifDegrees(lat),
      GPSLongitudeRef: lng >= 0 ? 'E' : 'W',
      GPSLongitude: exifDegrees(lng),
    },
  });
}

/** Makes one picture: its bytes, as the media service sends them. */
export async function makePhoto(photo: Photo): Promise<Buffer> {
  const { svg, designWidth } = drawing(photo);
  const format = photoFormat(photo);
  const orientation = photoOrientation(photo);
  const rendered = sharp(Buffer.from(orientation === 6 ? quarterTurnLeft(svg) : svg), {
    density: (72 * PHOTO_SIZES[photo.kind].width) / designWidth,
  });
  const random = seededRandom(`detail:${photoPath(photo)}`);
  if (format === 'png') {
    // A cut-out product shot: grain on the colours, the drawing's own transparency kept.
    const { data, info } = await rendered.ensureAlpha().raw().toBuffer({ resolveWithObject: true });
    addDetail(data, info.width, info.height, 4, random, PNG_GRAIN);
    return sharp(data, { raw: { width: info.width, height: info.height, channels: 4 } })
      .png({ compressionLevel: 6 })
      .toBuffer();
  }
  // The drawings other than a cut-out fill their whole frame: no transparency to flatten.
  const { data, info } = await rendered.removeAlpha().raw().toBuffer({ resolveWithObject: true });
  addDetail(
    data,
    info.width,
    info.height,
    3,
    random,
    GRAIN,
    texture(random, info.width, info.height, TEXTURE_SCALE[photo.kind]),
  );
  const image = sharp(data, { raw: { width: info.width, height: info.height, channels: 3 } });
  return withCarExif(orientation === 6 ? image.withMetadata({ orientation: 6 }) : image, photo)
    .jpeg(JPEG)
    .toBuffer();
}
