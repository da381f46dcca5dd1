interface SwitchProps {
  label: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
  disabled?: boolean;
  description?: string;
}

export function Switch({ label, checked, onChange, disabled, description }: SwitchProps) {
  return (
    <label className="switch-row">
      <span className="switch-text">
        <span>{label}</span>
        {description ? <span className="muted small">{description}</span> : null}
      </span>
      <button type="button" role="switch" aria-checked={checked} aria-label={label} disabled={disabled} className="switch" onClick={() => onChange(!checked)}>
        <span className="switch-thumb" />
      </button>
    </label>
  );
}
