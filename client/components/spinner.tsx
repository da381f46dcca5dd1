export function Spinner({ size = 24, label }: { size?: number; label?: string }) {
  const style = { width: size, height: size };
  // With a label the spinner is announced as a status; without one it is decoration.
  return label ? <span className="spinner" style={style} role="status" aria-label={label} /> : <span className="spinner" style={style} />;
}
