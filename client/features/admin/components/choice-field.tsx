interface ChoiceFieldProps<Value extends string> {
  label: string;
  value: Value;
  /** In the order shown; a choice's label is what the reader sees. */
  choices: readonly { value: Value; label: string }[];
  onChange: (value: Value) => void;
  disabled?: boolean;
}

/** A labelled drop-down of the console's filters and forms. */
export function ChoiceField<Value extends string>({ label, value, choices, onChange, disabled }: ChoiceFieldProps<Value>) {
  return (
    <label className="field">
      <span className="field-caption">{label}</span>
      <select value={value} disabled={disabled} onChange={(event) => onChange(event.target.value as Value)}>
        {choices.map((choice) => (
          <option key={choice.value} value={choice.value}>
            {choice.label}
          </option>
        ))}
      </select>
    </label>
  );
}
