import { useId } from "react";
import { Controller, type Control } from "react-hook-form";
import type { MentionEmailChoice, UserSettings } from "@shared/schema";
import { Card, CardContent } from "@/components/ui/card";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "@/components/ui/select";

const CHOICES: { value: MentionEmailChoice; label: string }[] = [
  { value: "off", label: "Off" },
  { value: "immediate", label: "Right away" },
  { value: "digest", label: "Daily digest" },
];

/** "Email me when I'm mentioned": saved with the rest of the form. */
export function MentionEmailField({ control }: { control: Control<UserSettings> }) {
  const id = useId();
  return (
    <Card>
      <CardContent className="flex flex-col gap-3 pt-5 sm:flex-row sm:items-center sm:justify-between sm:gap-4">
        <div className="grid gap-1">
          <label htmlFor={id} className="text-sm font-medium leading-none">
            Email me when I&apos;m mentioned
          </label>
          <p id={`${id}-hint`} className="text-xs text-muted-foreground">
            Right away waits 10 minutes and skips mentions you have already read. Works when your team has email set up.
          </p>
        </div>
        <Controller
          control={control}
          name="mentionEmail"
          render={({ field }) => (
            <Select value={field.value} onValueChange={field.onChange}>
              <SelectTrigger id={id} ref={field.ref} className="sm:w-44" aria-describedby={`${id}-hint`}>
                <SelectValue />
              </SelectTrigger>
              <SelectContent>
                {CHOICES.map((c) => (
                  <SelectItem key={c.value} value={c.value}>
                    {c.label}
                  </SelectItem>
                ))}
              </SelectContent>
            </Select>
          )}
        />
      </CardContent>
    </Card>
  );
}
