/**
 * A choice among the values the API takes (link lifetimes, token lifetimes, preview minutes): a
 * select, so that nothing the API would refuse can be typed. `null` is a value too ("no end").
 */
export function Choice<T extends number | null>({
  label,
  value,
  options,
  onChange,
}: {
  label: string;
  value: T;
  options: ReadonlyArray<readonly [T, string]>;
  onChange(value: T): void;
}) {
  const index = Math.max(
    0,
    options.findIndex(([option]) => option === value),
  );
  return (
    <label>
      <span>{label}</span>
      <select value={String(index)} onChange={(e) => onChange(options[Number(e.currentTarget.value)]![0])}>
        {options.map(([, text], i) => (
          <option key={i} value={String(i)}>
            {text}
          </option>
        ))}
      </select>
    </label>
  );
}
