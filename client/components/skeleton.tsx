import type { CSSProperties } from "react";

export function Skeleton({ width = "100%", height = 16, radius = 8, style }: { width?: number | string; height?: number | string; radius?: number | string; style?: CSSProperties }) {
  return <span className="skeleton" aria-hidden style={{ width, height, borderRadius: radius, ...style }} />;
}

/** The shape of a stream or video card while its data and image load. */
export function CardSkeleton() {
  return (
    <div className="card-skeleton" aria-hidden>
      <Skeleton height={0} style={{ paddingTop: "56.25%" }} />
      <div className="card-skeleton-meta">
        <Skeleton width={36} height={36} radius="50%" />
        <div style={{ flex: 1, display: "grid", gap: 8 }}>
          <Skeleton width="80%" />
          <Skeleton width="50%" height={12} />
        </div>
      </div>
    </div>
  );
}
