// In Settings: the brokerage's default OM sections, which every listing without its own list
// follows (docs/guides/offering-memorandum.md). Admins change them; members read them.
import { normalizeOmSections } from "@shared/om-sections";
import { Card } from "@/components/ui/card";
import { errorMessage } from "@/lib/api-client";
import { useOmDefaults, useSaveOmDefaults } from "../api/om";
import { OmSectionList } from "./om-section-list";

export function OmDefaultsCard({ isAdmin }: { isAdmin: boolean }) {
  const defaults = useOmDefaults();
  const save = useSaveOmDefaults();
  return (
    <Card className="grid gap-3 p-5" data-testid="om-defaults-settings">
      <h2 className="font-semibold">Offering memorandum sections</h2>
      <p className="text-sm text-muted-foreground">
        The sections every new OM starts with, in order. {isAdmin ? "A listing may change its own." : "Only admins change these; a listing may change its own."}
      </p>
      {defaults.isError ? <p className="text-sm text-destructive">{errorMessage(defaults.error)}</p> : null}
      {defaults.data ? (
        <OmSectionList sections={normalizeOmSections(defaults.data.sections)} disabled={!isAdmin || save.isPending} onChange={(sections) => save.mutate(sections)} />
      ) : null}
      {save.isError ? <p className="text-sm text-destructive">{errorMessage(save.error)}</p> : null}
    </Card>
  );
}
