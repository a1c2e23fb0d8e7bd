/**
 * Reads the few EXIF fields the picture tests look for from sharp's `metadata().exif` (an APP1 block:
 * `Exif\0\0`, then a TIFF header and its IFDs): the camera's make and model, and the GPS position,
 * present only when the GPS IFD is.
 */
export interface ExifSummary {
  make?: string;
  model?: string;
  /** Decimal degrees, from the GPS IFD (tags 1-4). */
  gps?: { latitude: number; longitude: number };
}

const TAG = { make: 0x010f, model: 0x0110, gpsIfd: 0x8825, latitudeRef: 1, latitude: 2, longitudeRef: 3, longitude: 4 };

export function readExif(block: Buffer | undefined): ExifSummary {
  if (!block) return {};
  const tiff = block.subarray(block.subarray(0, 6).toString('latin1') === 'Exif\0\0' ? 6 : 0);
  const little = tiff.subarray(0, 2).toString('latin1') === 'II';
  const u16 = (at: number) => (little ? tiff.readUInt16LE(at) : tiff.readUInt16BE(at));
  const u32 = (at: number) => (little ? tiff.readUInt32LE(at) : tiff.readUInt32BE(at));

  /** An IFD's entries by tag: each entry's type, count and where its value lies. */
  const entries = (offset: number) => {
    const found = new Map<number, { type: number; count: number; at: number }>();
    for (let i = 0; i < u16(offset); i++) {
      const entry = offset + 2 + i * 12;
      const [type, count] = [u16(entry + 2), u32(entry + 4)];
      const size = ({ 1: 1, 2: 1, 3: 2, 4: 4, 5: 8, 7: 1, 9: 4, 10: 8 } as Record<number, number>)[type] ?? 1;
      found.set(u16(entry), { type, count, at: size * count <= 4 ? entry + 8 : u32(entry + 8) });
    }
    return found;
  };
  const ascii = (ifd: ReturnType<typeof entries>, tag: number) => {
    const e = ifd.get(tag);
    return e
      ? tiff
          .subarray(e.at, e.at + e.count)
          .toString('latin1')
          .split('\0')[0]
      : undefined;
  };
  const degrees = (ifd: ReturnType<typeof entries>, tag: number) => {
    const e = ifd.get(tag);
    if (!e || e.type !== 5 || e.count !== 3) return undefined;
    const [d, m, s] = [0, 1, 2].map((k) => u32(e.at + k * 8) / u32(e.at + k * 8 + 4)) as [number, number, number];
    return d + m / 60 + s / 3600;
  };

  const ifd0 = entries(u32(4));
  const summary: ExifSummary = {};
  const make = ascii(ifd0, TAG.make);
  const model = ascii(ifd0, TAG.model);
  if (make) summary.make = make;
  if (model) summary.model = model;
  const gpsAt = ifd0.get(TAG.gpsIfd);
  if (gpsAt) {
    const gps = entries(u32(gpsAt.at));
    const latitude = degrees(gps, TAG.latitude);
    const longitude = degrees(gps, TAG.longitude);
    if (latitude !== undefined && longitude !== undefined) {
      summary.gps = {
        latitude: ascii(gps, TAG.latitudeRef) === 'S' ? -latitude : latitude,
        longitude: ascii(gps, TAG.longitudeRef) === 'W' ? -longitude : longitude,
      };
    }
  }
  return summary;
}
