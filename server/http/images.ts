import { randomBytes } from "node:crypto";
import { mkdir, unlink, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { bodyLimit } from "hono/body-limit";
import { runFfmpeg } from "../../media/ffmpeg.ts";
import type { AppDeps } from "./context.ts";
import { AppError, BadRequestError } from "./errors.ts";
import { imageDimensions } from "./image-size.ts";
import { hitRateLimit, type Limit } from "./rate-limit.ts";

// Formats are recognised by their first bytes, never by the name or the declared type. SVG is left out: it can carry scripts.
const SIGNATURES: { format: string; matches: (b: Buffer) => boolean }[] = [
  { format: "jpeg", matches: (b) => b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff },
  { format: "png", matches: (b) => b.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) },
  { format: "gif", matches: (b) => b.subarray(0, 6).toString("latin1") === "GIF87a" || b.subarray(0, 6).toString("latin1") === "GIF89a" },
  { format: "webp", matches: (b) => b.subarray(0, 4).toString("latin1") === "RIFF" && b.subarray(8, 12).toString("latin1") === "WEBP" },
];

interface ImageKind {
  folder: string;
  maxBytes: number;
  width: number;
  height: number;
  /** cover crops to exactly width×height (avatars); inside keeps the whole picture within the box (banners, posters). */
  fit: "cover" | "inside";
}

export const imageKinds = {
  avatar: { folder: "avatars", maxBytes: 5 * 1024 * 1024, width: 256, height: 256, fit: "cover" },
  banner: { folder: "banners", maxBytes: 10 * 1024 * 1024, width: 1920, height: 480, fit: "cover" },
  poster: { folder: "posters", maxBytes: 10 * 1024 * 1024, width: 1280, height: 720, fit: "cover" },
  eventCover: { folder: "event-covers", maxBytes: 10 * 1024 * 1024, width: 1280, height: 720, fit: "cover" },
  siteLogo: { folder: "site", maxBytes: 5 * 1024 * 1024, width: 256, height: 256, fit: "inside" },
  gameIcon: { folder: "games", maxBytes: 5 * 1024 * 1024, width: 256, height: 256, fit: "cover" },
  gamePortrait: { folder: "games", maxBytes: 10 * 1024 * 1024, width: 600, height: 800, fit: "cover" },
  gameLandscape: { folder: "games", maxBytes: 10 * 1024 * 1024, width: 1280, height: 720, fit: "cover" },
} satisfies Record<string, ImageKind>;

type UploadDeps = Pick<AppDeps, "db" | "config" | "now">;

/** Pictures a member may send per hour: plenty for trying avatars, too few to keep the decoder busy. */
export const uploadsPerMember: Limit = { max: 30, windowMs: 60 * 60 * 1000 };

/**
 * Checks that an upload is a real image, re-encodes it to WebP (which drops EXIF, GPS and any
 * payload hidden after the picture) and stores it under DATA_DIR/uploads. Returns its public path.
 */
export async function storeImage(deps: UploadDeps, file: unknown, kind: ImageKind, ownerId: number): Promise<string> {
  if (!(file instanceof File) || file.size === 0) throw new BadRequestError("upload_missing", { fields: [{ field: "filename", code: "upload_missing" }] });
  if (file.size > kind.maxBytes) throw tooLarge(kind);
  // Counted before decoding: the decoding is the cost the limit bounds.
  await hitRateLimit(deps.db, `upload:user:${ownerId}`, uploadsPerMember, deps.now());
  const mediaDir = deps.config.mediaDir;
  const input = Buffer.from(await file.arrayBuffer());
  const output = await reencode(input, kind);
  const folder = join(mediaDir, "uploads", kind.folder);
  await mkdir(folder, { recursive: true });
  const name = `${ownerId}-${randomBytes(8).toString("hex")}.webp`;
  await writeFile(join(folder, name), output);
  return `/uploads/${kind.folder}/${name}`;
}

/**
 * What a picture may announce before it is decoded: an 8K photo (33 MP) passes, a small file that
 * claims a canvas of billions of pixels does not. The decoder also gets a few seconds at most.
 */
const decodeLimits = { maxSide: 16_384, maxPixels: 40_000_000, timeoutMs: 5_000 };

/** Decodes the first frame and writes a fresh WebP: EXIF, GPS and anything hidden after the picture are left behind. */
async function reencode(input: Buffer, kind: ImageKind): Promise<Uint8Array> {
  const notImage = new BadRequestError("upload_not_image", { fields: [{ field: "filename", code: "upload_not_image" }] });
  if (!SIGNATURES.some((signature) => signature.matches(input))) throw notImage;
  const announced = imageDimensions(input);
  if (!announced || announced.width === 0 || announced.height === 0) throw notImage;
  if (announced.width > decodeLimits.maxSide || announced.height > decodeLimits.maxSide || announced.width * announced.height > decodeLimits.maxPixels) {
    throw new AppError(413, "upload_dimensions_too_large", { params: { max: decodeLimits.maxPixels / 1_000_000 }, fields: [{ field: "filename", code: "upload_dimensions_too_large" }] });
  }
  const { width: w, height: h } = kind;
  const scale = kind.fit === "cover" ? `scale=${w}:${h}:force_original_aspect_ratio=increase,crop=${w}:${h}` : `scale='min(${w},iw)':'min(${h},ih)':force_original_aspect_ratio=decrease`;
  try {
    return await runFfmpeg(["-i", "pipe:0", "-frames:v", "1", "-vf", scale, "-map_metadata", "-1", "-c:v", "libwebp", "-quality", "85", "-f", "webp", "pipe:1"], {
      input,
      timeoutMs: decodeLimits.timeoutMs,
    });
  } catch {
    throw notImage;
  }
}

export function tooLarge(kind: ImageKind): AppError {
  const max = Math.round(kind.maxBytes / (1024 * 1024));
  return new AppError(413, "upload_too_large", { params: { max }, fields: [{ field: "filename", code: "upload_too_large" }] });
}

/** Removes a previously stored upload; a file already gone is fine. */
export async function removeUpload(publicPath: string | null, dataDir: string): Promise<void> {
  if (!publicPath?.startsWith("/uploads/")) return;
  await unlink(join(dataDir, publicPath.slice(1))).catch(() => undefined);
}

/** Refuses an upload over its kind's limit before reading it all; a little room is left for the multipart framing. */
export function imageBodyLimit(kind: ImageKind) {
  return bodyLimit({
    maxSize: kind.maxBytes + 64 * 1024,
    onError: () => {
      throw tooLarge(kind);
    },
  });
}
