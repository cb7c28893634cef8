import { useId } from "react";
import { Controller, type Control } from "react-hook-form";
import { HEX_COLOR } from "@shared/constants";
import { CATEGORY_PRIORITY, type MarketingCategory, type UserSettings } from "@shared/schema";
import { Input } from "@/components/ui/input";
import { CATEGORY_COLOR_FIELD } from "../api/get-settings";
import { CategoryBadge } from "./category-badge";

interface CategoryColorFieldProps {
  control: Control<UserSettings>;
  category: MarketingCategory;
}

/**
 * One category's colour: a native picker and a hex box bound to the same value, and a badge
 * showing the result. The picker keeps the last valid colour while the hex box is mid-edit.
 */
export function CategoryColorField({ control, category }: CategoryColorFieldProps) {
  const id = useId();
  const name = CATEGORY_COLOR_FIELD[category];
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState, formState }) => {
        const value = String(field.value ?? "");
        const valid = HEX_COLOR.test(value);
        const swatch = valid ? value : String(formState.defaultValues?.[name] ?? "#000000");
        const errorId = `${id}-error`;
        return (
          <div className="grid gap-1.5 py-3 first:pt-0 last:pb-0" data-testid={`color-field-${name}`}>
            <div className="flex flex-wrap items-center gap-3">
              <div className="grid min-w-28 flex-1 gap-0.5">
                <label htmlFor={id} className="text-[13px] font-medium leading-none">
                  {category}
                </label>
                <span className="text-xs text-muted-foreground">{CATEGORY_PRIORITY[category]} priority</span>
              </div>
              <CategoryBadge category={category} color={swatch} className="max-sm:hidden" />
              <div className="flex items-center gap-2">
                <input
                  type="color"
                  value={swatch.toLowerCase()}
                  onChange={(event) => field.onChange(event.target.value.toUpperCase())}
                  aria-label={`${category} colour picker`}
                  className="size-9 shrink-0 cursor-pointer rounded-md pointer-coarse:size-11 border border-input bg-surface p-1 shadow-xs [&::-moz-color-swatch]:rounded [&::-moz-color-swatch]:border-0 [&::-webkit-color-swatch]:rounded [&::-webkit-color-swatch]:border-0 [&::-webkit-color-swatch-wrapper]:p-0"
                />
                <Input
                  id={id}
                  ref={field.ref}
                  value={value}
                  onChange={(event) => field.onChange(event.target.value.trim().toUpperCase())}
                  onBlur={field.onBlur}
                  aria-label={`${category} colour`}
                  aria-invalid={fieldState.error ? true : undefined}
                  aria-describedby={fieldState.error ? errorId : undefined}
                  maxLength={7}
                  spellCheck={false}
                  autoComplete="off"
                  className="w-28 font-mono uppercase"
                />
              </div>
            </div>
            {fieldState.error ? (
              <p id={errorId} className="text-xs font-medium text-destructive">
                {fieldState.error.message}
              </p>
            ) : null}
          </div>
        );
      }}
    />
  );
}
