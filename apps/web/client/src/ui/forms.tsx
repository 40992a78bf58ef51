import { useId, type InputHTMLAttributes, type ReactNode } from 'react';

export interface FieldProps extends InputHTMLAttributes<HTMLInputElement> {
  label: string;
  /** The field's error (a problem's `errors[].message` for this field, or the form's own check). */
  error?: string;
  hint?: ReactNode;
}

/** A labelled input with its hint and error tied to it for screen readers (`aria-describedby`). */
export function Field({ label, error, hint, id, ...input }: FieldProps) {
  const own = useId();
  const inputId = id ?? own;
  const hintId = hint ? `${inputId}-hint` : undefined;
  const errorId = error ? `${inputId}-error` : undefined;
  return (
    <div className="field">
      <label htmlFor={inputId}>{label}</label>
      {hint ? (
        <span className="hint" id={hintId}>
          {hint}
        </span>
      ) : null}
      <input id={inputId} aria-invalid={error ? true : undefined} aria-describedby={[hintId, errorId].filter(Boolean).join(' ') || undefined} {...input} />
      {error ? (
        <span className="error" id={errorId}>
          {error}
        </span>
      ) : null}
    </div>
  );
}
