import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import sharp, { type Sharp } from 'sharp';

/** The one version this origin does not know (any other is taken as the picture's current one). */
export const UNKNOWN_VERSION = 'deadbeef00';

/** A photograph as a dealer's camera makes one: grain and detail over shapes, so it compresses like a photo (about 300 KB at 1600×1200). */
async function photo(width: number, height: number, hue: number): Promise<Sharp> {
  const shapes = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
    <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="hsl(${hue},60%,70%)"/><stop offset="1" stop-color="hsl(${hue + 120},50%,25%)"/></linearGradient></defs>
    <rect width="100%" height="100%" fill="url(#g)"/>
    <ellipse cx="${width / 2}" cy="${height * 0.62}" rx="${width * 0.36}" ry="${height * 0.16}" fill="hsl(${hue + 200},70%,40%)"/>
    <circle cx="${width * 0.3}" cy="${height * 0.75}" r="${height * 0.08}" fill="#222"/><circle cx="${width * 0.7}" cy="${height * 0.75}" r="${height * 0.08}" fill="#222"/>
  </svg>`;
  const base = await sharp(Buffer.from(shapes))
    .composite([{ input: grain(width, height, hue), raw: { width, height, channels: 3 }, blend: 'overlay' }])
    .raw()
    .toBuffer({ resolveWithObject: true });
  return sharp(base.data, { raw: base.info }).blur(0.7);
}

/** Film grain around mid-grey (libvips' own gaussian noise takes a second a photo). */
function grain(width: number, height: number, seed: number): Buffer {
  const bytes = Buffer.alloc(width * height * 3);
  let state = seed * 7919 + 1;
  for (let i = 0; i < bytes.length; i++) {
    state = (state * 1103515245 + 12345) & 0x7fffffff;
    bytes[i] = 128 + (((state >> 16) & 63) - 32);
  }
  return bytes;
}

/**
 * The media service's photographs for the picture pipeline's tests, until the sandbox sends its own:
 * a JPEG with an EXIF GPS block and XMP, one stored sideways with EXIF orientation 6, a small PNG with
 * transparency, a file cut short, one of corrupt bytes under an image type, an SVG under a JPEG's name
 * and type, one that breaks off on the wire, and an SVG. Counts every request, as the sandbox's stats do.
 */
export async function startPhotoOrigin() {
  const files = new Map<string, { type: string; body: Buffer }>();
  const jpeg = (s: Sharp) => s.jpeg({ quality: 88 });
  const [gps, sideways, wide, small] = await Promise.all([
    photo(1600, 1200, 10).then((p) =>
      jpeg(p)
        .withExif({ IFD0: { Make: 'DealerCam', Copyright: 'Dealer' }, IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '59/1 19/1 48/1', GPSLongitudeRef: 'E', GPSLongitude: '18/1 4/1 7/1' } })
        .withXmp('<x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#"><rdf:Description rdf:about="" xmlns:dc="http://purl.org/dc/elements/1.1/"><dc:creator>Dealer</dc:creator></rdf:Description></rdf:RDF></x:xmpmeta>')
        .toBuffer(),
    ),
    // Stored 1600×1200 as the sensor saw it; shown upright it is 1200×1600.
    photo(1600, 1200, 200).then((p) => jpeg(p).withMetadata({ orientation: 6 }).toBuffer()),
    photo(1920, 1080, 90).then((p) => jpeg(p).toBuffer()),
    photo(300, 200, 300).then((p) => p.ensureAlpha(0.8).png().toBuffer()),
  ]);
  files.set('/cars/1/1.jpg', { type: 'image/jpeg', body: gps });
  files.set('/cars/1/2.jpg', { type: 'image/jpeg', body: sideways });
  files.set('/heroes/wide.jpg', { type: 'image/jpeg', body: wide });
  files.set('/content/small.png', { type: 'image/png', body: small });
  files.set('/cars/1/cut.jpg', { type: 'image/jpeg', body: gps.subarray(0, Math.floor(gps.length / 2)) });
  files.set('/cars/1/corrupt.jpg', { type: 'image/jpeg', body: Buffer.concat([gps.subarray(0, 2), Buffer.alloc(60_000, 0x5a)]) });
  // A drawing under a photo's name and type: libvips would rasterise it; the pipeline never decodes it.
  files.set('/cars/1/disguised.jpg', { type: 'image/jpeg', body: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="4000" height="4000"><rect width="100%" height="100%"/></svg>') });
  files.set('/brands/logo.svg', { type: 'image/svg+xml', body: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="120" height="40"><text x="4" y="28">Logo</text></svg>') });
  let requests = 0;
  const server = createServer((req, res) => {
    requests++;
    const [path = '', query = ''] = (req.url ?? '').split('?');
    // A version the media service never gave out: 404, as the sandbox answers it.
    if (new URLSearchParams(query).get('v') === UNKNOWN_VERSION) {
      res.writeHead(404, { 'content-type': 'application/json' }).end('{"message":"no such version"}');
      return;
    }
    if (path === '/cars/1/breaks-off.jpg') {
      res.writeHead(200, { 'content-type': 'image/jpeg', 'content-length': String(gps.length) });
      res.write(gps.subarray(0, 1000));
      setTimeout(() => res.socket?.destroy(), 20);
      return;
    }
    const file = files.get(path);
    if (!file) {
      res.writeHead(404, { 'content-type': 'application/json' }).end('{"message":"no such image"}');
      return;
    }
    res.writeHead(200, { 'content-type': file.type, 'content-length': String(file.body.length), 'cache-control': 'public, max-age=86400' }).end(file.body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    file: (path: string) => files.get(path)!.body,
    requests: () => requests,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
