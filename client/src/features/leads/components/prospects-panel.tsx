// A listing's prospects: the leads interested in it, with their stage (docs/decisions/279-leads-and-prospects.md).
import { errorMessage } from "@/lib/api-client";
import { useProspects } from "../api/leads";
import { STAGE_LABELS } from "./stage-labels";

export function ProspectsPanel({ listingId }: { listingId: string }) {
  const prospects = useProspects(listingId);
  if (prospects.isError) return <p className="text-sm text-destructive">{errorMessage(prospects.error)}</p>;
  if (!prospects.data) return <p className="text-sm text-muted-foreground">Loading…</p>;
  if (prospects.data.length === 0) return <p className="text-sm text-muted-foreground">No prospects yet. Inquiries from the public page appear here.</p>;
  return (
    <ul className="grid gap-2" data-testid="prospects">
      {prospects.data.map((p) => (
        <li key={p.leadId} className="grid gap-0.5 rounded-lg border p-3 text-sm">
          <span className="font-medium break-words">{p.name}</span>
          <span className="break-all text-muted-foreground">
            {p.email}
            {p.phone ? ` · ${p.phone}` : ""}
          </span>
          <span className="text-xs text-muted-foreground">
            {STAGE_LABELS[p.stage]} · {new Date(p.lastActivityAt).toLocaleDateString()}
          </span>
        </li>
      ))}
    </ul>
  );
}
