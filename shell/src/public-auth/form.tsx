import { useId, useRef, useState, type FormEvent, type InputHTMLAttributes, type ReactNode } from 'react';
import styles from './light-auth.module.css';

/** A field's check: the message to show, or null when the value passes. */
export type Check = (value: string, values: Record<string, string>) => string | null;

/**
 * The state of a light form: values, the message of each field that fails its checks (shown as it is typed
 * or when the form is submitted), and a submit that checks everything and focuses the first failing field.
 */
export function useLightForm<Name extends string>(initial: Record<Name, string>, checks: Partial<Record<Name, Check[]>>) {
  const [values, setValues] = useState<Record<Name, string>>(initial);
  const [errors, setErrors] = useState<Partial<Record<Name, string>>>({});
  const inputs = useRef<Partial<Record<Name, HTMLInputElement | null>>>({});

  const messageOf = (name: Name, all: Record<Name, string>): string | null => {
    for (const check of checks[name] ?? []) {
      const message = check(all[name], all);
      if (message) return message;
    }
    return null;
  };
  // Every update is relative to the latest errors: several fields are checked in one event.
  const setError = (name: Name, message: string | null) => setErrors((current) => ({ ...current, [name]: message ?? undefined }));
  const checkFields = (names: readonly Name[]): boolean => {
    let first: Name | undefined;
    for (const name of names) {
      const message = messageOf(name, values);
      setError(name, message);
      if (message && first === undefined) first = name;
    }
    if (first !== undefined) inputs.current[first]?.focus();
    return first === undefined;
  };

  return {
    values,
    /** Checks the given fields (all by default); false, with the first failing one focused, when any fails. */
    check: (names: readonly Name[] = Object.keys(values) as Name[]) => checkFields(names),
    field: (name: Name) => ({
      name,
      value: values[name],
      error: errors[name],
      inputRef: (element: HTMLInputElement | null) => {
        inputs.current[name] = element;
      },
      onChange: (value: string) => {
        const next = { ...values, [name]: value };
        setValues(next);
        // Checked as it is typed (as the app's forms do), and so is every field already marked: a confirmation
        // follows the password it repeats.
        for (const other of Object.keys(values) as Name[]) {
          if (other === name || errors[other] !== undefined) setError(other, messageOf(other, next));
        }
      },
    }),
  };
}

type FieldProps = ReturnType<ReturnType<typeof useLightForm>['field']> & {
  label: string;
  hint?: string;
  after?: ReactNode;
} & Omit<InputHTMLAttributes<HTMLInputElement>, 'name' | 'value' | 'onChange'>;

/** A labelled text input with its hint and its error, both tied to it for screen readers. */
export function TextField({ name, value, error, inputRef, onChange, label, hint, after, type = 'text', ...input }: FieldProps) {
  const id = useId();
  const described = [error ? `${id}-error` : null, hint ? `${id}-hint` : null].filter(Boolean).join(' ') || undefined;
  return (
    <div className={styles.field}>
      <label htmlFor={id} className={styles.label}>
        {label}
      </label>
      <div className={styles.inputRow}>
        <input
          {...input}
          id={id}
          ref={inputRef}
          name={name}
          type={type}
          value={value}
          className={styles.input}
          aria-invalid={error ? true : undefined}
          aria-describedby={described}
          onChange={(event) => onChange(event.target.value)}
        />
        {after}
      </div>
      {error ? (
        <p id={`${id}-error`} className={styles.fieldError}>
          {error}
        </p>
      ) : null}
      {hint ? (
        <p id={`${id}-hint`} className={styles.hint}>
          {hint}
        </p>
      ) : null}
    </div>
  );
}

export function FormAlert({ kind, children }: { kind: 'error' | 'info' | 'success'; children: ReactNode }) {
  return (
    <p className={`${styles.alert} ${styles[kind]}`} role={kind === 'error' ? 'alert' : 'status'}>
      {children}
    </p>
  );
}

export function SubmitButton({ busy, children }: { busy: boolean; children: ReactNode }) {
  return (
    <button type="submit" className={styles.primaryButton} disabled={busy} aria-busy={busy}>
      {children}
    </button>
  );
}

/** `onSubmit` for a form whose work is async (or refused by its checks): the browser's own submission never happens. */
export function submitWith(run: () => unknown) {
  return (event: FormEvent) => {
    event.preventDefault();
    void run();
  };
}
