/**
 * A live's quality levels as the Quality menu offers them, in both latency modes: hls.js reports them
 * in the standard mode; the low-latency mode (HTTP-FLV, the source only) reads them from the same
 * master playlist, so the viewer finds the renditions whichever mode plays.
 */

export interface QualityLevel {
  /** What the menu and the engine know the level by: the master playlist's NAME ("source", "480p"). */
  name: string;
  /** Lines of picture; null when the playlist does not say. */
  height: number | null;
  /** Bits a second; null when the playlist does not say. */
  bitrate: number | null;
  /** The live's own picture, beside the renditions a quality ladder makes of it. */
  source: boolean;
}

/** The NAME a quality ladder's master playlist gives the source (media/live-ladder.ts). */
export const SOURCE_LEVEL = "source";
/** The menu's value for hls.js's own choice. */
export const AUTO_LEVEL = "auto";

/** One level from what a playlist says of it; the name falls back on the size, as the menu labels it. */
export function qualityLevel(name: string | undefined, height: number | undefined, bitrate: number | undefined, index: number): QualityLevel {
  const knownHeight = height && height > 0 ? height : null;
  return {
    name: name || (knownHeight ? `${knownHeight}p` : `level-${index}`),
    height: knownHeight,
    bitrate: bitrate && bitrate > 0 ? bitrate : null,
    source: name === SOURCE_LEVEL,
  };
}

/**
 * The variants a master playlist lists (RFC 8216 §4.3.4.2), in its order; none for a media playlist,
 * which is what a live without a quality ladder serves.
 */
export function levelsOfPlaylist(text: string): QualityLevel[] {
  const variants = text.split(/\r?\n/).filter((line) => line.startsWith("#EXT-X-STREAM-INF:"));
  return variants.map((line, index) => {
    const attribute = (key: string) => new RegExp(`[:,]${key}=("[^"]*"|[^,]*)`).exec(line)?.[1]?.replace(/^"|"$/g, "");
    const height = Number(attribute("RESOLUTION")?.split("x")[1]);
    return qualityLevel(attribute("NAME"), height, Number(attribute("BANDWIDTH")), index);
  });
}

/** The menu's order: the best picture first, the source before a rendition of the same size. */
export function bestFirst(levels: QualityLevel[]): QualityLevel[] {
  return [...levels].sort((a, b) => (b.height ?? 0) - (a.height ?? 0) || Number(b.source) - Number(a.source) || (b.bitrate ?? 0) - (a.bitrate ?? 0));
}
