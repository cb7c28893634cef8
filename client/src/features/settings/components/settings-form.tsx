import { zodResolver } from "@hookform/resolvers/zod";
import { RotateCcw, Save } from "lucide-react";
import { useId } from "react";
import { Controller, useForm, useWatch } from "react-hook-form";
import { DEFAULT_SETTINGS, HEX_COLOR } from "@shared/constants";
import { insertSettingsSchema, MARKETING_CATEGORIES, type UserSettings } from "@shared/schema";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader } from "@/components/ui/card";
import { DiscardGuardScope, useDiscardGuard, useReportDirty } from "@/components/ui/discard-guard";
import { Switch } from "@/components/ui/switch";
import { applyServerErrors } from "@/lib/form-errors";
import { useUpdateSettings } from "../api/update-settings";
import { CategoryColorField } from "./category-color-field";
import { MentionEmailField } from "./mention-email-field";
import { SettingsPreview } from "./settings-preview";

const FIELD_ORDER = [
  "singleColor",
  "doubleColor",
  "tripleColor",
  "homerunColor",
  "grandSlamColor",
  "enableCardShadow",
  "mentionEmail",
] as const;

/** Leaving the page (a link, reload, tab close) with unsaved colours asks "Discard changes?" first. */
export function SettingsForm({ settings }: { settings: UserSettings }) {
  const guard = useDiscardGuard();
  return (
    <DiscardGuardScope guard={guard}>
      <SettingsFields settings={settings} />
    </DiscardGuardScope>
  );
}

function SettingsFields({ settings }: { settings: UserSettings }) {
  const switchId = useId();
  const form = useForm<UserSettings>({
    resolver: zodResolver(insertSettingsSchema),
    defaultValues: settings,
  });
  const updateSettings = useUpdateSettings();
  const values = useWatch({ control: form.control }) as UserSettings;
  // The preview shows what is typed, falling back to the saved colour while a hex box is half-typed.
  const previewValues = Object.fromEntries(
    Object.entries(values).map(([key, value]) => [
      key,
      typeof value === "string" && !HEX_COLOR.test(value) ? settings[key as keyof UserSettings] : value,
    ]),
  ) as UserSettings;
  const { isDirty } = form.formState;
  useReportDirty(isDirty);

  const onSubmit = form.handleSubmit((next) =>
    updateSettings.mutate(next, {
      // The saved values become the new baseline, so Save is off again until the next change.
      onSuccess: (saved) => form.reset(saved),
      onError: (error) => applyServerErrors(error, form, FIELD_ORDER),
    }),
  );

  // Only fills the form: the defaults are saved with Save, like any other change.
  // The email choice is not a look: Reset to Defaults leaves it as chosen.
  const resetToDefaults = () =>
    form.reset({ ...DEFAULT_SETTINGS, mentionEmail: form.getValues("mentionEmail") }, { keepDefaultValues: true });

  return (
    <form
      noValidate
      onSubmit={onSubmit}
      className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_20rem] lg:grid-rows-[auto_1fr] lg:items-start"
    >
      <div className="grid gap-6 lg:row-span-2">
        <Card>
          <CardHeader className="pb-4">
            <h2 className="text-base font-semibold tracking-tight">Marketing category colours</h2>
            <CardDescription>Badges and card borders use these colours for each category.</CardDescription>
          </CardHeader>
          <CardContent className="divide-y">
            {MARKETING_CATEGORIES.map((category) => (
              <CategoryColorField key={category} control={form.control} category={category} />
            ))}
          </CardContent>
        </Card>

        <Card>
          <CardContent className="flex items-center justify-between gap-4 pt-5">
            <div className="grid gap-1">
              <label htmlFor={switchId} className="text-sm font-medium leading-none">
                Coloured card borders
              </label>
              <p id={`${switchId}-hint`} className="text-xs text-muted-foreground">
                Outline each listing card in its category colour, with a soft shadow.
              </p>
            </div>
            <Controller
              control={form.control}
              name="enableCardShadow"
              render={({ field }) => (
                <Switch
                  id={switchId}
                  ref={field.ref}
                  checked={field.value}
                  onCheckedChange={field.onChange}
                  onBlur={field.onBlur}
                  aria-describedby={`${switchId}-hint`}
                />
              )}
            />
          </CardContent>
        </Card>

        <MentionEmailField control={form.control} />
      </div>

      <Card className="lg:col-start-2">
        <CardHeader>
          <h2 className="text-base font-semibold tracking-tight">Preview</h2>
          <CardDescription>{isDirty ? "Unsaved changes." : "As your listings look now."}</CardDescription>
        </CardHeader>
        <CardContent>
          <SettingsPreview values={previewValues} />
        </CardContent>
      </Card>
      {/* On phones and tablets the buttons stay in reach at the bottom while the colours scroll. */}
      <div className="flex gap-2 max-lg:sticky max-lg:bottom-0 max-lg:z-10 max-lg:-mx-4 max-lg:border-t max-lg:bg-background/95 max-lg:px-4 max-lg:py-3 max-lg:backdrop-blur sm:max-lg:-mx-6 sm:max-lg:px-6 lg:col-start-2 lg:flex-col-reverse [&>button]:flex-1 lg:[&>button]:flex-none">
        <Button variant="outline" onClick={resetToDefaults}>
          <RotateCcw aria-hidden />
          Reset to Defaults
        </Button>
        <Button type="submit" loading={updateSettings.isPending} disabled={!isDirty}>
          {updateSettings.isPending ? null : <Save aria-hidden />}
          {updateSettings.isPending ? "Saving..." : "Save"}
        </Button>
      </div>
    </form>
  );
}
