import { zodResolver } from "@hookform/resolvers/zod";
import { useEffect, useRef } from "react";
import { useController, useForm } from "react-hook-form";
import type { z } from "zod";
import { noteContentSchema } from "@shared/schema";
import { Button } from "@/components/ui/button";
import { useGuardedClose, useReportDirty } from "@/components/ui/discard-guard";
import { FormField } from "@/components/ui/form-field";
import { MentionTextarea } from "./mention-textarea";

type NoteValues = z.input<typeof noteContentSchema>;

interface NoteFormProps {
  label: string;
  defaultContent?: string;
  submitLabel: string;
  pendingLabel: string;
  pending: boolean;
  usernames: readonly string[];
  onSubmit(content: string): void;
  onCancel(): void;
}

/** Add or edit a note: blank text cannot be saved (spec §5); Ctrl/⌘+Enter saves. */
export function NoteForm({ label, defaultContent = "", submitLabel, pendingLabel, pending, usernames, onSubmit, onCancel }: NoteFormProps) {
  const { control, handleSubmit, formState } = useForm<NoteValues, unknown, z.output<typeof noteContentSchema>>({
    resolver: zodResolver(noteContentSchema),
    defaultValues: { content: defaultContent },
  });
  const { field } = useController({ control, name: "content" });
  const textareaRef = useRef<HTMLTextAreaElement | null>(null);
  const blank = field.value.trim() === "";
  const submit = handleSubmit(({ content }) => onSubmit(content));
  // A draft counts once it holds text other than what it started with.
  useReportDirty(formState.isDirty);
  const cancel = useGuardedClose();

  // Start typing where the text ends, not before its first letter.
  useEffect(() => {
    const element = textareaRef.current;
    if (!element) return;
    element.focus();
    element.setSelectionRange(element.value.length, element.value.length);
  }, []);

  return (
    <form className="grid gap-3" noValidate onSubmit={submit} data-testid="note-form">
      <FormField label={label} error={formState.errors.content?.message} hint="Type @ to mention a teammate.">
        <MentionTextarea
          ref={(element) => {
            textareaRef.current = element;
            field.ref(element);
          }}
          name={field.name}
          value={field.value}
          onValueChange={field.onChange}
          onBlur={field.onBlur}
          usernames={usernames}
          rows={3}
          placeholder="Write a note…"
          className="max-h-60 min-h-24 resize-y"
          onKeyDown={(event) => {
            if (event.key === "Enter" && (event.metaKey || event.ctrlKey)) {
              event.preventDefault();
              if (!blank && !pending) void submit();
            }
          }}
        />
      </FormField>
      <div className="flex justify-end gap-2">
        <Button variant="outline" size="sm" onClick={() => cancel(onCancel)} disabled={pending}>
          Cancel
        </Button>
        <Button type="submit" size="sm" disabled={blank} loading={pending}>
          {pending ? pendingLabel : submitLabel}
        </Button>
      </div>
    </form>
  );
}
