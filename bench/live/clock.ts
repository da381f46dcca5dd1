/** Wall-clock milliseconds with sub-millisecond resolution (comparable with Date.now() in any process). */
export const now = (): number => performance.timeOrigin + performance.now();
