/**
 * Reads a picture's width and height from its header, without decoding it. A few kilobytes of PNG
 * can announce a 100,000 × 100,000 canvas that costs seconds of CPU and gigabytes of memory to
 * decode; checking the announced size first refuses it for free.
 */
interface Dimensions {
  width: number;
  height: number;
}

export function imageDimensions(bytes: Buffer): Dimensions | null {
  return pngDimensions(bytes) ?? gifDimensions(bytes) ?? webpDimensions(bytes) ?? jpegDimensions(bytes);
}

function pngDimensions(b: Buffer): Dimensions | null {
  // The IHDR chunk always comes first, right after the 8-byte signature.
  if (b.length < 24 || b.toString("latin1", 12, 16) !== "IHDR") return null;
  return { width: b.readUInt32BE(16), height: b.readUInt32BE(20) };
}

function gifDimensions(b: Buffer): Dimensions | null {
  if (b.length < 10 || !b.toString("latin1", 0, 3).startsWith("GIF")) return null;
  return { width: b.readUInt16LE(6), height: b.readUInt16LE(8) };
}

function webpDimensions(b: Buffer): Dimensions | null {
  if (b.length < 30 || b.toString("latin1", 0, 4) !== "RIFF" || b.toString("latin1", 8, 12) !== "WEBP") return null;
  const chunk = b.toString("latin1", 12, 16);
  if (chunk === "VP8X") return { width: 1 + b.readUIntLE(24, 3), height: 1 + b.readUIntLE(27, 3) };
  if (chunk === "VP8L") {
    const bits = b.readUInt32LE(21);
    return { width: 1 + (bits & 0x3fff), height: 1 + ((bits >> 14) & 0x3fff) };
  }
  if (chunk === "VP8 ") return { width: b.readUInt16LE(26) & 0x3fff, height: b.readUInt16LE(28) & 0x3fff };
  return null;
}

// Start-of-frame markers carry the size; C4 (Huffman tables), C8 and CC are other segments with the same prefix.
const JPEG_FRAME_MARKERS = new Set([0xc0, 0xc1, 0xc2, 0xc3, 0xc5, 0xc6, 0xc7, 0xc9, 0xca, 0xcb, 0xcd, 0xce, 0xcf]);

function jpegDimensions(b: Buffer): Dimensions | null {
  if (b.length < 4 || b[0] !== 0xff || b[1] !== 0xd8) return null;
  let offset = 2;
  while (offset + 9 <= b.length) {
    if (b[offset] !== 0xff) return null;
    const marker = b[offset + 1]!;
    if (marker === 0xff) {
      offset += 1; // padding before a marker
      continue;
    }
    if (JPEG_FRAME_MARKERS.has(marker)) return { width: b.readUInt16BE(offset + 7), height: b.readUInt16BE(offset + 5) };
    offset += 2 + b.readUInt16BE(offset + 2);
  }
  return null;
}
