import { Building2, FileSpreadsheet, Sparkles, Users, type LucideIcon } from "lucide-react";

const FEATURES: { title: string; description: string; icon: LucideIcon }[] = [
  {
    title: "Property Management",
    description: "Track every listing from first draft to sold, whether it is on the market or on hold.",
    icon: Building2,
  },
  {
    title: "AI-Generated Marketing",
    description: "Ten ready-to-post social captions for every listing, regenerated whenever you like.",
    icon: Sparkles,
  },
  {
    title: "Team Management",
    description: "Invite teammates by link, assign agents and mention colleagues in notes.",
    icon: Users,
  },
  {
    title: "CSV Import/Export",
    description: "Bring listings in from a spreadsheet and take them back out in one click.",
    icon: FileSpreadsheet,
  },
];

/** The sign-in page's pitch (spec §1): beside the form on wide screens, below it on phones. */
export function AuthFeaturePanel() {
  return (
    <aside
      aria-labelledby="auth-features-title"
      className="relative overflow-hidden border-t bg-sidebar px-6 py-10 sm:px-10 lg:flex lg:flex-col lg:justify-center lg:border-l lg:border-t-0 lg:px-14"
    >
      {/* Soft brand glow: decoration only, kept behind the text. */}
      <div
        aria-hidden
        className="pointer-events-none absolute -right-32 -top-32 size-96 rounded-full bg-primary/10 blur-3xl"
      />
      <div className="relative mx-auto grid w-full max-w-md gap-8">
        <div className="grid gap-2">
          <p className="text-xs font-semibold uppercase tracking-wider text-primary">Commercial real estate, together</p>
          <h2 id="auth-features-title" className="text-xl font-semibold tracking-tight lg:text-2xl">
            Everything your team needs to market its listings.
          </h2>
        </div>
        <ul className="grid gap-5">
          {FEATURES.map(({ title, description, icon: Icon }) => (
            <li key={title} className="flex gap-4">
              <span className="flex size-9 shrink-0 items-center justify-center rounded-lg border bg-surface text-primary shadow-xs">
                <Icon className="size-4" aria-hidden />
              </span>
              <div className="grid gap-0.5">
                <h3 className="text-sm font-semibold">{title}</h3>
                <p className="text-sm text-muted-foreground">{description}</p>
              </div>
            </li>
          ))}
        </ul>
      </div>
    </aside>
  );
}
