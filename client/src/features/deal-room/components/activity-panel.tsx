// The members' "Activity": what each buyer opened and when, which version of each document every
// buyer holds (the recall list names those holding a replaced version), and the listing's funnel
// from page views to tours and offers (docs/guides/deal-room.md).
import type { RoomFunnel } from "@shared/deal-room";
import { Badge } from "@/components/ui/badge";
import { Card } from "@/components/ui/card";
import { errorMessage } from "@/lib/api-client";
import { formatShortDateTime } from "@/lib/format-date";
import { useRoomActivity } from "../api/activity";
import { byBuyer, byDocument } from "../lib/activity-summary";

const FUNNEL_STEPS: { key: keyof RoomFunnel; label: string }[] = [
  { key: "pageViews", label: "Page views" },
  { key: "caRequests", label: "CA requests" },
  { key: "signed", label: "Signed" },
  { key: "approved", label: "Let in" },
  { key: "openedOm", label: "Opened the OM" },
  { key: "touredOrOffer", label: "Toured or offer" },
];

const times = (n: number, word: string) => (n === 0 ? null : `${n} ${word}${n === 1 ? "" : "s"}`);

export function ActivityPanel({ listingId }: { listingId: string }) {
  const activity = useRoomActivity(listingId);
  const data = activity.data;
  return (
    <Card className="grid min-w-0 gap-4 p-5" data-testid="room-activity">
      <h2 className="font-semibold">Activity</h2>
      {activity.isError ? <p className="text-sm text-destructive">{errorMessage(activity.error)}</p> : null}
      {data ? (
        <>
          <ol className="grid grid-cols-2 gap-2 sm:grid-cols-3 lg:grid-cols-6" aria-label="Funnel">
            {FUNNEL_STEPS.map((step) => (
              <li key={step.key} className="rounded-md border p-2 text-center" data-testid={`funnel-${step.key}`}>
                <div className="text-lg font-semibold tabular-nums">{data.funnel[step.key].toLocaleString()}</div>
                <div className="text-xs text-muted-foreground">{step.label}</div>
              </li>
            ))}
          </ol>

          {data.recall.length > 0 ? (
            <section className="grid gap-2" data-testid="recall-list">
              <h3 className="text-sm font-semibold">Recall list</h3>
              <p className="text-sm text-muted-foreground">These buyers opened a version that has since been replaced.</p>
              <ul className="grid gap-2">
                {data.recall.map((doc) => (
                  <li key={doc.documentId} className="rounded-md border p-3 text-sm">
                    <span className="font-medium">{doc.title}</span> (now version {doc.currentVersion})
                    <ul className="mt-1 grid gap-1">
                      {doc.holders.map((h) => (
                        <li key={h.grantId} className="break-all">
                          {h.name} ({h.email}) holds version {h.version}, from {formatShortDateTime(h.at)}
                        </li>
                      ))}
                    </ul>
                  </li>
                ))}
              </ul>
            </section>
          ) : null}

          {data.entries.length === 0 ? (
            <p className="text-sm text-muted-foreground">No buyer has opened a document yet.</p>
          ) : (
            <div className="grid gap-4 lg:grid-cols-2">
              <section className="grid content-start gap-2">
                <h3 className="text-sm font-semibold">By buyer</h3>
                <ul className="grid gap-2">
                  {byBuyer(data.entries).map((b) => (
                    <li key={b.grantId} className="rounded-md border p-3 text-sm" data-testid="activity-buyer">
                      <div className="font-medium">{b.name}</div>
                      <div className="break-all text-muted-foreground">{[b.email, b.company].filter(Boolean).join(" · ")}</div>
                      <ul className="mt-1 grid gap-1">
                        {b.opened.map((d) => (
                          <li key={d.documentId}>
                            {d.title}: {[times(d.views, "view"), times(d.downloads, "download")].filter(Boolean).join(", ")} · last {formatShortDateTime(d.lastAt)}
                          </li>
                        ))}
                      </ul>
                    </li>
                  ))}
                </ul>
              </section>
              <section className="grid content-start gap-2">
                <h3 className="text-sm font-semibold">By document</h3>
                <ul className="grid gap-2">
                  {byDocument(data.entries).map((d) => (
                    <li key={d.documentId} className="rounded-md border p-3 text-sm">
                      <div className="font-medium">
                        {d.title} <span className="font-normal text-muted-foreground">version {d.currentVersion}</span>
                      </div>
                      <ul className="mt-1 flex flex-wrap gap-1">
                        {d.holders.map((h) => (
                          <li key={h.grantId}>
                            <Badge variant={h.version < d.currentVersion ? "warning" : "outline"}>
                              {h.name}: v{h.version}
                            </Badge>
                          </li>
                        ))}
                      </ul>
                    </li>
                  ))}
                </ul>
              </section>
            </div>
          )}
        </>
      ) : null}
    </Card>
  );
}
