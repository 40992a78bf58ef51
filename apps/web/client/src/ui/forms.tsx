import { useId, type InputHTMLAttributes, type ReactNode, type TextareaHTMLAttributes } from 'react';

export interface FieldProps extends InputHTMLAttributes<HTMLInputElement> {
  label: string;
  /** The field's error (a problem's `errors[].message` for this field, or the form's own check). */
  error?: string;
  hint?: ReactNode;
}

/** The ids that tie a control to its label, hint and error (`aria-describedby`). */
function useFieldIds(id: string | undefined, hint: ReactNode, error: string | undefined) {
  const own = useId();
  const controlId = id ?? own;
  const hintId = hint ? `${controlId}-hint` : undefined;
  const errorId = error ? `${controlId}-error` : undefined;
  return { controlId, hintId, errorId, describedBy: [hintId, errorId].filter(Boolean).join(' ') || undefined };
}

/** The label, hint and error around one control. */
function FieldFrame({
  label,
  hint,
  error,
  ids,
  children,
}: {
  label: string;
  hint?: ReactNode;
  error?: string;
  ids: ReturnType<typeof useFieldIds>;
  children: ReactNode;
}) {
  return (
    <div className="field">
      <label htmlFor={ids.controlId}>{label}</label>
      {hint ? (
        <span className="hint" id={ids.hintId}>
          {hint}
        </span>
      ) : null}
      {children}
      {error ? (
        <span className="error" id={ids.errorId}>
          {error}
        </span>
      ) : null}
    </div>
  );
}

/** A labelled input with its hint and error tied to it for screen readers (`aria-describedby`). */
export function Field({ label, error, hint, id, ...input }: FieldProps) {
  const ids = useFieldIds(id, hint, error);
  return (
    <FieldFrame label={label} hint={hint} error={error} ids={ids}>
      <input id={ids.controlId} aria-invalid={error ? true : undefined} aria-describedby={ids.describedBy} {...input} />
    </FieldFrame>
  );
}

export interface TextAreaFieldProps extends TextareaHTMLAttributes<HTMLTextAreaElement> {
  label: string;
  error?: string;
  hint?: ReactNode;
}

/** A labelled text area, tied to its hint and error like `Field`. */
export function TextAreaField({ label, error, hint, id, ...area }: TextAreaFieldProps) {
  const ids = useFieldIds(id, hint, error);
  return (
    <FieldFrame label={label} hint={hint} error={error} ids={ids}>
      <textarea id={ids.controlId} aria-invalid={error ? true : undefined} aria-describedby={ids.describedBy} {...area} />
    </FieldFrame>
  );
}
