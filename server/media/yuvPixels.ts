/** 8-bit 4:2:0 planes as a decoder gives them. */
export interface Yuv420 {
  width: number;
  height: number;
  y: Uint8Array;
  u: Uint8Array;
  v: Uint8Array;
  strideY: number;
  strideC: number;
}

/** Kr and Kb of the nclx matrix coefficients (ITU-T H.273): BT.709, BT.601 (5, 6), BT.2020 (9, 10). */
function coefficients(matrix: number | undefined): [number, number] {
  if (matrix === 1) return [0.2126, 0.0722];
  if (matrix === 9 || matrix === 10) return [0.2627, 0.0593];
  return [0.299, 0.114];
}

/**
 * RGB from 4:2:0 planes, made `factor` times smaller on the way (each output pixel the mean of a
 * factor × factor block), so a 12 MP picture is never held as full-size RGB (36 MB) but as 1/factor² of it.
 * Without an nclx matrix, BT.601 at full range (what libheif assumes).
 */
export function rgbFromYuv420(
  planes: Yuv420,
  factor: number,
  colour: { matrix: number | undefined; fullRange: boolean | undefined },
): { pixels: Buffer; width: number; height: number } {
  const k = Math.max(1, Math.floor(factor));
  const width = Math.max(1, Math.floor(planes.width / k));
  const height = Math.max(1, Math.floor(planes.height / k));
  const pixels = Buffer.alloc(width * height * 3);
  const [kr, kb] = coefficients(colour.matrix);
  const kg = 1 - kr - kb;
  const full = colour.fullRange ?? true;
  // Limited range: luma 16–235, chroma 16–240.
  const [yOffset, yScale, cScale] = full ? [0, 1, 1] : [16, 255 / 219, 255 / 224];
  const rFromV = 2 * (1 - kr) * cScale;
  const bFromU = 2 * (1 - kb) * cScale;
  const gFromU = (2 * (1 - kb) * kb * cScale) / kg;
  const gFromV = (2 * (1 - kr) * kr * cScale) / kg;
  const sumY = new Float64Array(width);
  const sumU = new Float64Array(width);
  const sumV = new Float64Array(width);
  const clamp = (value: number) => (value < 0 ? 0 : value > 255 ? 255 : Math.round(value));
  for (let oy = 0; oy < height; oy++) {
    sumY.fill(0);
    sumU.fill(0);
    sumV.fill(0);
    for (let dy = 0; dy < k; dy++) {
      const row = oy * k + dy;
      const lumaRow = row * planes.strideY;
      const chromaRow = (row >> 1) * planes.strideC;
      for (let ox = 0, x = 0; ox < width; ox++) {
        let y = 0;
        let u = 0;
        let v = 0;
        for (let dx = 0; dx < k; dx++, x++) {
          y += planes.y[lumaRow + x]!;
          u += planes.u[chromaRow + (x >> 1)]!;
          v += planes.v[chromaRow + (x >> 1)]!;
        }
        sumY[ox]! += y;
        sumU[ox]! += u;
        sumV[ox]! += v;
      }
    }
    const n = k * k;
    for (let ox = 0, p = oy * width * 3; ox < width; ox++, p += 3) {
      const y = (sumY[ox]! / n - yOffset) * yScale;
      const u = sumU[ox]! / n - 128;
      const v = sumV[ox]! / n - 128;
      pixels[p] = clamp(y + rFromV * v);
      pixels[p + 1] = clamp(y - gFromU * u - gFromV * v);
      pixels[p + 2] = clamp(y + bFromU * u);
    }
  }
  return { pixels, width, height };
}
