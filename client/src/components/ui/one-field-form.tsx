import { useState, type ComponentProps } from "react";
import { ApiError, errorMessage } from "@/lib/api-client";
import { Button } from "./button";
import { FormField } from "./form-field";
import { Input } from "./input";
import { toast, toastError } from "./use-toast";

interface Saving<TValue, TSaved> {
  mutate: (value: TValue, handlers: { onSuccess: (saved: TSaved) => void; onError: (err: unknown) => void }) => void;
  isPending: boolean;
}

interface OneFieldFormProps<TValue, TSaved> {
  label: string;
  /** The field's key in a refusal's `fieldErrors`: that message shows under the field, any other in a toast. */
  errorKey: string;
  initialValue: string;
  fieldClassName: string;
  input: Omit<ComponentProps<typeof Input>, "value" | "onChange">;
  /** Named apart from the Settings form's own Save, on the same page. */
  submitLabel: string;
  save: Saving<TValue, TSaved>;
  /** What the mutation takes, from the field's text. */
  toValue: (text: string) => TValue;
  savedTitle: (saved: TSaved) => string;
}

/** A settings card's single field and its Save button, saved on its own. Mount it once the value is read. */
export function OneFieldForm<TValue, TSaved>({
  label,
  errorKey,
  initialValue,
  fieldClassName,
  input,
  submitLabel,
  save,
  toValue,
  savedTitle,
}: OneFieldFormProps<TValue, TSaved>) {
  const [value, setValue] = useState(initialValue);
  const [error, setError] = useState<string>();
  return (
    <form
      noValidate
      className="flex flex-wrap items-end gap-2"
      onSubmit={(event) => {
        event.preventDefault();
        setError(undefined);
        save.mutate(toValue(value), {
          onSuccess: (saved) => toast({ title: savedTitle(saved), variant: "success" }),
          onError: (err) => {
            const message = err instanceof ApiError ? err.fieldErrors?.[errorKey] : undefined;
            if (message) setError(message);
            else toastError("Could not save", errorMessage(err));
          },
        });
      }}
    >
      <FormField label={label} error={error} className={fieldClassName}>
        <Input {...input} value={value} onChange={(e) => setValue(e.target.value)} />
      </FormField>
      <Button type="submit" variant="outline" loading={save.isPending}>
        {submitLabel}
      </Button>
    </form>
  );
}
