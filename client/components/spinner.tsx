export function Spinner({ size = 24, label }: { size?: number; label?: string }) {
  return <span className="spinner" style={{ width: size, height: size }} role={label ? "status" : undefined} aria-label={label} />;
}
