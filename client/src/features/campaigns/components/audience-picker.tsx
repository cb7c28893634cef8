// Who a campaign goes to: lists and saved segments to tick, and single contacts found by name or
// email. The server counts who that reaches (suppressions taken off); until it answers, the
// picker says what the audience names.
import { X } from "lucide-react";
import { useDeferredValue, useState } from "react";
import type { CampaignAudience } from "@shared/campaigns";
import type { Contact } from "@shared/contacts";
import { Button } from "@/components/ui/button";
import { SearchInput } from "@/components/ui/search-input";
import { useContactLists, useContacts, useContactSegments } from "@/features/contacts/api/contacts";
import { useNamedContacts } from "../api/campaigns";
import { audienceSummary } from "../lib/campaign-status";

interface AudiencePickerProps {
  value: CampaignAudience;
  onChange: (next: CampaignAudience) => void;
  disabled: boolean;
  /** Who the audience reaches now, from the server; undefined while it is counting. */
  reach: number | undefined;
}

const toggled = (ids: number[], id: number, on: boolean) => (on ? [...new Set([...ids, id])] : ids.filter((x) => x !== id));

function CheckList({ legend, items, chosen, disabled, onToggle, empty }: { legend: string; items: { id: number; label: string }[]; chosen: number[]; disabled: boolean; onToggle: (id: number, on: boolean) => void; empty: string }) {
  return (
    <fieldset className="grid gap-1" disabled={disabled}>
      <legend className="mb-1 text-sm font-medium">{legend}</legend>
      {items.length === 0 ? <p className="text-sm text-muted-foreground">{empty}</p> : null}
      {items.map((item) => (
        <label key={item.id} className="flex items-center gap-2 text-sm pointer-coarse:min-h-11">
          <input type="checkbox" className="size-4" checked={chosen.includes(item.id)} onChange={(e) => onToggle(item.id, e.target.checked)} />
          {item.label}
        </label>
      ))}
    </fieldset>
  );
}

export function AudiencePicker({ value, onChange, disabled, reach }: AudiencePickerProps) {
  const lists = useContactLists();
  const segments = useContactSegments();
  const [q, setQ] = useState("");
  const search = useDeferredValue(q.trim());
  const found = useContacts({ q: search }, null);
  // The chosen contacts' names: remembered as they are picked, read for those saved before.
  const [picked, setPicked] = useState<Map<number, Contact>>(new Map());
  const saved = useNamedContacts(value.contactIds.filter((id) => !picked.has(id)));
  const results = search ? (found.data?.pages[0]?.contacts ?? []).filter((c) => !value.contactIds.includes(c.id)).slice(0, 8) : [];

  const pick = (c: Contact) => {
    setPicked((m) => new Map(m).set(c.id, c));
    onChange({ ...value, contactIds: toggled(value.contactIds, c.id, true) });
  };

  return (
    <section className="grid gap-4" aria-labelledby="audience-heading">
      <div className="grid gap-1">
        <h2 id="audience-heading" className="text-base font-semibold">
          Audience
        </h2>
        <p className="text-sm text-muted-foreground" role="status" data-testid="campaign-reach">
          {reach === undefined
            ? `Targets ${audienceSummary(value).toLowerCase()}.`
            : `Reaches ${reach} ${reach === 1 ? "contact" : "contacts"} now (${audienceSummary(value).toLowerCase()}; unsubscribed, bounced and opted-out contacts are left out).`}
        </p>
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        <CheckList
          legend="Lists"
          disabled={disabled}
          items={(lists.data ?? []).map((l) => ({ id: l.id, label: `${l.name} (${l.memberCount})` }))}
          chosen={value.listIds}
          onToggle={(id, on) => onChange({ ...value, listIds: toggled(value.listIds, id, on) })}
          empty="No lists yet: make one on the Contacts page."
        />
        <CheckList
          legend="Segments"
          disabled={disabled}
          items={(segments.data ?? []).map((s) => ({ id: s.id, label: s.name }))}
          chosen={value.segmentIds}
          onToggle={(id, on) => onChange({ ...value, segmentIds: toggled(value.segmentIds, id, on) })}
          empty="No saved segments yet."
        />
      </div>
      <fieldset className="grid gap-2" disabled={disabled}>
        <legend className="mb-1 text-sm font-medium">Contacts</legend>
        {value.contactIds.length ? (
          <ul className="flex flex-wrap gap-2" aria-label="Chosen contacts">
            {value.contactIds.map((id) => {
              const c = picked.get(id) ?? saved.get(id);
              const label = c ? `${c.name || c.email} (${c.email})` : `Contact #${id}`;
              return (
                <li key={id} className="inline-flex items-center gap-1 rounded-full border px-3 py-1 text-sm">
                  {label}
                  <Button variant="ghost" size="icon" className="size-6 pointer-coarse:size-11" aria-label={`Remove ${label}`} onClick={() => onChange({ ...value, contactIds: toggled(value.contactIds, id, false) })}>
                    <X aria-hidden />
                  </Button>
                </li>
              );
            })}
          </ul>
        ) : null}
        <SearchInput value={q} onValueChange={setQ} placeholder="Find a contact by name or email" label="Find a contact" />
        {results.length ? (
          <ul className="grid gap-1" aria-label="Contacts found">
            {results.map((c) => (
              <li key={c.id} className="flex items-center justify-between gap-2 text-sm">
                <span className="min-w-0 truncate">
                  {c.name || c.email} <span className="text-muted-foreground">{c.email}</span>
                  {c.status !== "subscribed" ? <span className="text-muted-foreground"> · {c.status}</span> : null}
                </span>
                <Button variant="outline" size="sm" onClick={() => pick(c)} aria-label={`Add ${c.name || c.email}`}>
                  Add
                </Button>
              </li>
            ))}
          </ul>
        ) : null}
      </fieldset>
    </section>
  );
}
