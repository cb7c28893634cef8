// One form for a space or a tenant: the fields as text (the server reads them with the listing
// facts' parsers and names any it refuses), shown beside each field.
import { useState, type FormEvent } from "react";
import { Button } from "@/components/ui/button";
import { FormField } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";
import { NativeSelect } from "@/components/ui/native-select";
import { Textarea } from "@/components/ui/textarea";
import { ApiError, errorMessage } from "@/lib/api-client";
import type { RowBody } from "../api/income";

export interface RowField {
  name: string;
  label: string;
  /** A choice among these (the first is the default); free text without. */
  choices?: readonly string[];
  /** Blank allowed as a choice (sent as null). */
  optional?: boolean;
  long?: boolean;
  required?: boolean;
  placeholder?: string;
  /** Where the field sits: two columns on a wide screen unless `wide`. */
  wide?: boolean;
}

/** The form's text for a stored value: numbers as typed, null as blank. */
export const asText = (value: unknown) => (value === null || value === undefined ? "" : String(value));

interface RowEditorProps {
  fields: readonly RowField[];
  initial: Record<string, string>;
  submitLabel: string;
  onSubmit(body: RowBody): Promise<unknown>;
  onDone(): void;
}

export function RowEditor({ fields, initial, submitLabel, onSubmit, onDone }: RowEditorProps) {
  const [values, setValues] = useState(initial);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [problem, setProblem] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setSaving(true);
    // Blank is "no value": null, so a change clears it.
    const body: RowBody = Object.fromEntries(fields.map((f) => [f.name, values[f.name]?.trim() ? values[f.name].trim() : null]));
    try {
      await onSubmit(body);
      onDone();
    } catch (error) {
      const fieldErrors = error instanceof ApiError ? (error.fieldErrors ?? {}) : {};
      setErrors(fieldErrors);
      setProblem(Object.keys(fieldErrors).some((k) => fields.some((f) => f.name === k)) ? null : errorMessage(error));
    } finally {
      setSaving(false);
    }
  };

  return (
    <form onSubmit={submit} className="grid gap-3 rounded-lg border bg-muted/30 p-3 sm:grid-cols-2" noValidate>
      {fields.map((f) => {
        const set = (value: string) => setValues((v) => ({ ...v, [f.name]: value }));
        const value = values[f.name] ?? "";
        return (
          <FormField key={f.name} label={f.label} error={errors[f.name]} required={f.required} className={f.wide || f.long ? "sm:col-span-2" : undefined}>
            {f.choices ? (
              <NativeSelect value={value} onChange={(e) => set(e.target.value)}>
                {f.optional ? <option value="">—</option> : null}
                {f.choices.map((c) => (
                  <option key={c} value={c}>
                    {c}
                  </option>
                ))}
              </NativeSelect>
            ) : f.long ? (
              <Textarea value={value} onChange={(e) => set(e.target.value)} rows={2} />
            ) : (
              <Input value={value} onChange={(e) => set(e.target.value)} placeholder={f.placeholder} />
            )}
          </FormField>
        );
      })}
      {problem ? (
        <p role="alert" className="text-sm font-medium text-destructive sm:col-span-2">
          {problem}
        </p>
      ) : null}
      <div className="flex gap-2 sm:col-span-2">
        <Button type="submit" size="sm" loading={saving}>
          {submitLabel}
        </Button>
        <Button type="button" size="sm" variant="outline" onClick={onDone}>
          Cancel
        </Button>
      </div>
    </form>
  );
}
