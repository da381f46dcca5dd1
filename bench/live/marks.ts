// The picture the bench publishes and how a reader recognises a mark in it.
//
// Ordinary frames: 1280x720 grey noise (luma 40..120, mean 80) that moves every frame, so the encoder
// spends its whole 2.5 Mbps budget like on a busy game scene. A mark: FLASH_FRAMES frames whose top
// 60 % is white and whose bottom strip carries the mark's number in 8 black/white columns (7 bits and
// an even parity bit), so a reader that joins late or drops a frame still matches each arrival to
// its own push, whatever the latency (numbers wrap after 128 marks, ~98 s: a push matches the first
// arrival of its number after it).

export const WIDTH = 1280;
export const HEIGHT = 720;
export const FPS = 30;
/** A mark every 23 frames (~0.77 s): prime to the 30-frame GOP, so marks fall at every place in a segment. */
export const MARK_EVERY = 23;
export const FLASH_FRAMES = 3;

/** Readers scale every decoded frame down to this grey thumbnail (one byte per pixel). */
export const THUMB_W = 32;
export const THUMB_H = 18;
export const THUMB_BYTES = THUMB_W * THUMB_H;

const WHITE = 235;
const BLACK = 16;
const FLASH_ROWS = Math.round(HEIGHT * 0.6);
const BITS = 8;

/** The 7-bit number and its parity bit, most significant first. */
function markBits(id: number): number[] {
  const bits = Array.from({ length: 7 }, (_, i) => ((id & 0x7f) >> (6 - i)) & 1);
  return [...bits, bits.reduce((a, b) => a ^ b, 0)];
}

/** Writes the luma plane of a mark frame into `y`. */
export function drawMark(y: Uint8Array, id: number): void {
  y.fill(WHITE, 0, FLASH_ROWS * WIDTH);
  const bits = markBits(id);
  const column = WIDTH / BITS;
  const row = new Uint8Array(WIDTH);
  for (let b = 0; b < BITS; b++) row.fill(bits[b] ? WHITE : BLACK, b * column, (b + 1) * column);
  for (let r = FLASH_ROWS; r < HEIGHT; r++) y.set(row, r * WIDTH);
}

/**
 * Reads a grey thumbnail (THUMB_W x THUMB_H, values 0..255 in either video or full range): whether
 * it is a flash and, when it is, the mark's number (undefined when its bits do not check).
 */
function readMark(thumb: ArrayLike<number>, width = THUMB_W, height = THUMB_H): { flash: number; id?: number } {
  const mean = (x0: number, x1: number, y0: number, y1: number) => {
    let sum = 0;
    for (let yy = y0; yy < y1; yy++) for (let xx = x0; xx < x1; xx++) sum += thumb[yy * width + xx]!;
    return sum / ((x1 - x0) * (y1 - y0));
  };
  // The flash area is rows 0..60 %: read well inside it; the bits are read in the bottom quarter.
  const flash = mean(0, width, 0, Math.floor(height * 0.5));
  if (flash < FLASH_THRESHOLD) return { flash };
  const column = width / BITS;
  const bits = Array.from({ length: BITS }, (_, b): number => {
    const x0 = Math.floor(b * column + column / 4);
    const x1 = Math.max(x0 + 1, Math.floor((b + 1) * column - column / 4));
    return mean(x0, x1, Math.ceil(height * 0.72), height) > 128 ? 1 : 0;
  });
  const parity = bits.slice(0, 7).reduce((a, b) => a ^ b, 0);
  if (parity !== bits[7]) return { flash };
  return { flash, id: bits.slice(0, 7).reduce((a, b) => (a << 1) | b, 0) };
}

/** Above this mean brightness a thumbnail's top is a flash (ordinary frames sit near 80). */
const FLASH_THRESHOLD = 170;
/** Below this, a flash is over and the next one can be detected. */
const FLASH_RESET = 130;

/** Turns a stream of thumbnails into mark arrivals: the first flash frame of each mark, with its time. */
export class MarkDetector {
  private inFlash = false;
  readonly arrivals: { id: number; at: number }[] = [];
  frames = 0;
  firstFrameAt: number | undefined;
  undecoded = 0;

  private flashStart: number | undefined;
  private decoded = false;

  /** `at`: when the reader got this frame (ms, wall clock). */
  push(thumb: ArrayLike<number>, at: number): void {
    this.frames++;
    this.firstFrameAt ??= at;
    const { flash, id } = readMark(thumb);
    if (this.inFlash && flash < FLASH_RESET) {
      if (!this.decoded) this.undecoded++;
      this.inFlash = false;
    }
    if (!this.inFlash && flash >= FLASH_THRESHOLD) {
      this.inFlash = true;
      this.decoded = false;
      this.flashStart = at;
    }
    // The mark's time is its first flash frame's; its number may read clean only a frame later.
    if (this.inFlash && !this.decoded && id !== undefined) {
      this.decoded = true;
      this.arrivals.push({ id, at: this.flashStart! });
    }
  }
}
