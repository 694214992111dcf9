// Which image an uploaded logo is, read from its bytes: a PNG or JPEG whose structure the quote's PDF renderer can read, or nothing.
import { crc32, inflateSync } from 'node:zlib';

export type LogoImageType = 'image/png' | 'image/jpeg';

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/**
 * A PNG's chunks in order, each with its CRC; then the image data must inflate. A file cut short
 * or damaged in transit fails here rather than when a quote is printed.
 */
function isIntactPng(bytes: Buffer): boolean {
  let offset = PNG_SIGNATURE.length;
  const imageData: Buffer[] = [];
  let first = true;
  while (offset + 12 <= bytes.length) {
    const length = bytes.readUInt32BE(offset);
    const end = offset + 12 + length;
    if (end > bytes.length) return false;
    const typeAndData = bytes.subarray(offset + 4, offset + 8 + length);
    if (crc32(typeAndData) !== bytes.readUInt32BE(offset + 8 + length)) return false;
    const type = typeAndData.subarray(0, 4).toString('latin1');
    const data = typeAndData.subarray(4);
    if (first) {
      if (type !== 'IHDR' || length !== 13) return false;
      if (data.readUInt32BE(0) === 0 || data.readUInt32BE(4) === 0) return false;
      first = false;
    }
    if (type === 'IDAT') imageData.push(data);
    if (type === 'IEND') {
      if (imageData.length === 0) return false;
      try {
        inflateSync(Buffer.concat(imageData));
        return true;
      } catch {
        return false;
      }
    }
    offset = end;
  }
  return false;
}

/** Start-of-frame markers: baseline, progressive and the rarer codings, not DHT (C4), JPG (C8), DAC (CC). */
function isStartOfFrame(marker: number): boolean {
  return marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc;
}

/** A JPEG's segments from its start up to a frame header with a size, as the renderer reads them. */
function isReadableJpeg(bytes: Buffer): boolean {
  let offset = 2;
  while (offset + 4 <= bytes.length) {
    if (bytes[offset] !== 0xff) return false;
    const marker = bytes[offset + 1] ?? 0;
    if (marker === 0xff) {
      offset += 1;
      continue;
    }
    const length = bytes.readUInt16BE(offset + 2);
    if (length < 2 || offset + 2 + length > bytes.length) return false;
    if (isStartOfFrame(marker)) {
      return (
        length >= 8 && bytes.readUInt16BE(offset + 5) > 0 && bytes.readUInt16BE(offset + 7) > 0
      );
    }
    if (marker === 0xda || marker === 0xd9) return false;
    offset += 2 + length;
  }
  return false;
}

/** The logo's type from its bytes, whatever the file claims to be; null when it is neither a readable PNG nor JPEG. */
export function logoImageType(bytes: Buffer): LogoImageType | null {
  if (bytes.length > PNG_SIGNATURE.length && bytes.subarray(0, 8).equals(PNG_SIGNATURE)) {
    return isIntactPng(bytes) ? 'image/png' : null;
  }
  if (bytes.length > 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) {
    return isReadableJpeg(bytes) ? 'image/jpeg' : null;
  }
  return null;
}
