// The OM's sections as a list: a switch each and up / down buttons to reorder (real buttons, so
// keyboard and touch work alike); the cover and the confidentiality page stay first and on.
import { ArrowDown, ArrowUp } from "lucide-react";
import { omSectionTitle, PINNED_SECTIONS, type OmSectionChoice } from "@shared/om-sections";
import { Button } from "@/components/ui/button";
import { Switch } from "@/components/ui/switch";

interface Props {
  sections: (OmSectionChoice & { omitted?: string | null })[];
  onChange(sections: OmSectionChoice[]): void;
  disabled?: boolean;
}

const choices = (sections: Props["sections"]): OmSectionChoice[] => sections.map(({ key, enabled }) => ({ key, enabled }));

export function OmSectionList({ sections, onChange, disabled }: Props) {
  const pinned = PINNED_SECTIONS.length;
  const move = (from: number, to: number) => {
    const next = choices(sections);
    const [moved] = next.splice(from, 1);
    next.splice(to, 0, moved);
    onChange(next);
  };
  return (
    <ol className="grid gap-1" aria-label="OM sections">
      {sections.map((s, i) => {
        const title = omSectionTitle(s.key);
        const fixed = i < pinned;
        return (
          <li key={s.key} className="flex items-center gap-2 rounded-md border px-2 py-1" data-om-section={s.key}>
            <Switch
              checked={s.enabled}
              disabled={disabled || fixed}
              aria-label={`Include ${title}`}
              onCheckedChange={(enabled) => onChange(choices(sections).map((c) => (c.key === s.key ? { ...c, enabled } : c)))}
            />
            <span className="min-w-0 flex-1 text-sm">
              {title}
              {s.enabled && s.omitted ? <span className="block text-xs text-muted-foreground">Left out: {s.omitted}</span> : null}
            </span>
            <Button type="button" variant="ghost" size="icon-sm" aria-label={`Move ${title} up`} disabled={disabled || fixed || i === pinned} onClick={() => move(i, i - 1)}>
              <ArrowUp aria-hidden />
            </Button>
            <Button type="button" variant="ghost" size="icon-sm" aria-label={`Move ${title} down`} disabled={disabled || fixed || i === sections.length - 1} onClick={() => move(i, i + 1)}>
              <ArrowDown aria-hidden />
            </Button>
          </li>
        );
      })}
    </ol>
  );
}
