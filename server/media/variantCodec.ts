import type { Codec } from '../store/tiers.js';
import type { MadeVariant } from './transform/transformPicture.js';
import { CONTENT_TYPES, type VariantFormat } from './transform/variantFormat.js';

const FORMATS: readonly VariantFormat[] = ['avif', 'webp', 'jpeg'];
const HEADER_BYTES = 10;

/** [format index u8, width u32, height u32, etag length u8, etag, body]: the smallest header that restores a MadeVariant. */
function serialise(variant: MadeVariant): Buffer {
  const etag = Buffer.from(variant.etag, 'latin1');
  const header = Buffer.alloc(HEADER_BYTES);
  header.writeUInt8(FORMATS.indexOf(variant.format), 0);
  header.writeUInt32BE(variant.width, 1);
  header.writeUInt32BE(variant.height, 5);
  header.writeUInt8(etag.length, 9);
  return Buffer.concat([header, etag, variant.body]);
}

function parse(bytes: Buffer): MadeVariant | undefined {
  if (bytes.length < HEADER_BYTES) return undefined;
  const format = FORMATS[bytes.readUInt8(0)];
  const etagLength = bytes.readUInt8(9);
  const start = HEADER_BYTES + etagLength;
  if (!format || bytes.length < start) return undefined;
  return {
    format,
    contentType: CONTENT_TYPES[format],
    width: bytes.readUInt32BE(1),
    height: bytes.readUInt32BE(5),
    etag: bytes.subarray(HEADER_BYTES, start).toString('latin1'),
    // A copy: the reply's buffer may be a slice of a larger one that would stay alive with it.
    body: Buffer.from(bytes.subarray(start)),
  };
}

/** A variant as every replica's tier keeps it in Redis (server/store/boundedRedisTier.ts). */
export const VARIANT_CODEC: Codec<MadeVariant> = { encode: serialise, decode: parse };
