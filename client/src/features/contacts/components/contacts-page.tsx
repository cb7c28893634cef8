// The Contacts page (docs/guides/contacts-and-campaigns.md): every contact, leads included,
// searchable and filtered by tag, role and status; a table on a wide screen and cards on a phone;
// add and edit, lists, segments, CSV export and import. With ?listing=<id> it shows the
// contacts that match that listing; ?q= starts the search.
import { Download, Plus, TriangleAlert, Upload, Users } from "lucide-react";
import { useDeferredValue, useState } from "react";
import { Link, useSearch } from "wouter";
import { CONTACT_STATUSES, type Contact, type ContactFilter } from "@shared/contacts";
import type { ContactImportResult } from "@shared/contacts-csv";
import { INQUIRER_ROLES, INQUIRER_ROLE_LABELS } from "@shared/leads";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { EmptyState, LoadFailed } from "@/components/ui/empty-state";
import { Input } from "@/components/ui/input";
import { NativeSelect } from "@/components/ui/native-select";
import { PageHeader } from "@/components/ui/page-header";
import { SearchInput } from "@/components/ui/search-input";
import { errorMessage } from "@/lib/api-client";
import { CONTACTS_CSV_HREF, contactsQuery, useAddToList, useContactLists, useContacts, useCreateList, useImportContacts, useMatchingContacts, useSaveSegment } from "../api/contacts";
import { ContactForm } from "./contact-form";

function ImportPanel({ onDone }: { onDone: () => void }) {
  const run = useImportContacts();
  const [csv, setCsv] = useState<string | null>(null);
  const [result, setResult] = useState<ContactImportResult | null>(null);
  const go = (preview: boolean) => {
    if (csv !== null) run.mutate({ csv, preview }, { onSuccess: setResult });
  };
  return (
    <Card className="grid gap-3 p-4 text-sm" data-testid="contacts-import">
      <label className="grid gap-1">
        <span className="font-medium">CSV file (an Email column; Name, Phone, Company, Role, Tags, Consent, Status and interests if you have them)</span>
        <input
          type="file"
          accept=".csv,text/csv"
          onChange={(e) => {
            setResult(null);
            void e.target.files?.[0]?.text().then(setCsv);
          }}
        />
      </label>
      {result ? (
        <p role="status">
          {result.preview ? "The import would" : "Imported:"} create {result.created}, merge {result.merged}, leave {result.unchanged} unchanged; {result.errors} row{result.errors === 1 ? "" : "s"} refused.
          {result.rows
            .filter((r) => r.action === "error")
            .slice(0, 5)
            .map((r) => ` Row ${r.row}: ${r.message}.`)}
        </p>
      ) : null}
      {run.isError ? (
        <p role="alert" className="text-destructive">
          {errorMessage(run.error)}
        </p>
      ) : null}
      <div className="flex flex-wrap gap-2">
        <Button variant="outline" disabled={csv === null} loading={run.isPending} onClick={() => go(true)}>
          Preview
        </Button>
        <Button disabled={!result?.preview} loading={run.isPending} onClick={() => go(false)}>
          Import
        </Button>
        <Button variant="ghost" onClick={onDone}>
          Close
        </Button>
      </div>
    </Card>
  );
}

function ListTools({ selected, filter }: { selected: number[]; filter: ContactFilter }) {
  const lists = useContactLists();
  const createList = useCreateList();
  const addToList = useAddToList();
  const saveSegment = useSaveSegment();
  const [listId, setListId] = useState("");
  const [newList, setNewList] = useState("");
  const [segmentName, setSegmentName] = useState("");
  const [said, setSaid] = useState<string | null>(null);
  const failed = createList.error ?? addToList.error ?? saveSegment.error;
  const add = async () => {
    const id = listId ? Number(listId) : (await createList.mutateAsync(newList)).id;
    const list = await addToList.mutateAsync({ listId: id, contactIds: selected });
    setSaid(`“${list.name}” has ${list.memberCount} contact${list.memberCount === 1 ? "" : "s"}`);
  };
  return (
    <div className="flex flex-wrap items-end gap-2 text-sm">
      <NativeSelect aria-label="List" className="w-auto" value={listId} onChange={(e) => setListId(e.target.value)}>
        <option value="">New list…</option>
        {lists.data?.map((l) => (
          <option key={l.id} value={l.id}>
            {l.name} ({l.memberCount})
          </option>
        ))}
      </NativeSelect>
      {listId === "" ? <Input aria-label="New list name" placeholder="New list name" className="w-44" value={newList} onChange={(e) => setNewList(e.target.value)} /> : null}
      <Button variant="outline" disabled={selected.length === 0 || (listId === "" && !newList.trim())} onClick={() => void add().catch(() => undefined)}>
        Add {selected.length} selected to list
      </Button>
      <Input aria-label="Segment name" placeholder="Segment name" className="w-44" value={segmentName} onChange={(e) => setSegmentName(e.target.value)} />
      <Button
        variant="outline"
        disabled={!segmentName.trim()}
        onClick={() => saveSegment.mutate({ name: segmentName, filter }, { onSuccess: (s) => setSaid(`Saved the segment “${s.name}”`) })}
      >
        Save filter as segment
      </Button>
      {said ? <p role="status">{said}</p> : null}
      {failed ? (
        <p role="alert" className="text-destructive">
          {errorMessage(failed)}
        </p>
      ) : null}
    </div>
  );
}

const tagsText = (c: Contact) => c.tags.join(", ");

function ContactRows({ contacts, selected, onSelect, onEdit }: { contacts: Contact[]; selected: Set<number>; onSelect: (id: number) => void; onEdit: (c: Contact) => void }) {
  const pick = (c: Contact) => <input type="checkbox" aria-label={`Select ${c.name}`} checked={selected.has(c.id)} onChange={() => onSelect(c.id)} />;
  const name = (c: Contact) => (
    <button type="button" className="text-left font-semibold break-words hover:underline" onClick={() => onEdit(c)}>
      {c.name}
    </button>
  );
  return (
    <>
      <table className="hidden w-full text-sm md:table" data-testid="contacts-table">
        <thead className="text-left text-muted-foreground">
          <tr>
            <th className="p-2" />
            <th className="p-2">Name</th>
            <th className="p-2">Email</th>
            <th className="p-2">Company</th>
            <th className="p-2">Role</th>
            <th className="p-2">Tags</th>
            <th className="p-2">Status</th>
          </tr>
        </thead>
        <tbody>
          {contacts.map((c) => (
            <tr key={c.id} className="border-t" data-testid="contact-row">
              <td className="p-2">{pick(c)}</td>
              <td className="p-2">{name(c)}</td>
              <td className="p-2 break-all">{c.email}</td>
              <td className="p-2">{c.company}</td>
              <td className="p-2">{INQUIRER_ROLE_LABELS[c.role]}</td>
              <td className="p-2">{tagsText(c)}</td>
              <td className="p-2">{c.status}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <ul className="grid gap-3 md:hidden" data-testid="contacts-cards">
        {contacts.map((c) => (
          <li key={c.id}>
            <Card className="grid gap-1 p-4 text-sm" data-testid="contact-card">
              <div className="flex items-start gap-2">
                {pick(c)}
                {name(c)}
              </div>
              <span className="break-all text-muted-foreground">
                {c.email}
                {c.company ? ` · ${c.company}` : ""}
              </span>
              <span className="text-xs text-muted-foreground">
                {INQUIRER_ROLE_LABELS[c.role]} · {c.status}
                {c.tags.length ? ` · ${tagsText(c)}` : ""}
              </span>
            </Card>
          </li>
        ))}
      </ul>
    </>
  );
}

export function ContactsPage() {
  const params = new URLSearchParams(useSearch());
  const listingId = params.get("listing");
  // The lead's page opens its contact by email (?q=).
  const [search, setSearch] = useState(params.get("q") ?? "");
  const [tag, setTag] = useState("");
  const [role, setRole] = useState("");
  const [status, setStatus] = useState("");
  const [editing, setEditing] = useState<Contact | "new" | null>(null);
  const [importing, setImporting] = useState(false);
  const [selected, setSelected] = useState<Set<number>>(new Set());
  const q = useDeferredValue(search.trim());
  const filter: ContactFilter = {
    ...(q ? { q } : {}),
    ...(tag.trim() ? { tags: [tag.trim()] } : {}),
    ...(role ? { roles: [role as Contact["role"]] } : {}),
    ...(status ? { statuses: [status as Contact["status"]] } : {}),
  };
  const all = useContacts(filter, null);
  const matching = useMatchingContacts(listingId);
  const source = listingId ? matching : all;
  const shown = listingId ? matching.data?.contacts : all.data?.pages.flatMap((p) => p.contacts);
  const toggle = (id: number) =>
    setSelected((old) => {
      const next = new Set(old);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });

  let content;
  if (source.isError && !shown) {
    content = <LoadFailed icon={TriangleAlert} title="Failed to load contacts" error={source.error} onRetry={() => void source.refetch()} />;
  } else if (!shown) {
    content = <p className="text-sm text-muted-foreground">Loading…</p>;
  } else if (shown.length === 0) {
    content = <EmptyState icon={Users} title={listingId ? "No contacts match this listing" : "No contacts match"} description="Add a contact, import a CSV, or wait for an inquiry: every lead is a contact." />;
  } else {
    content = (
      <>
        <ContactRows contacts={shown} selected={selected} onSelect={toggle} onEdit={setEditing} />
        {!listingId && all.hasNextPage ? (
          <Button variant="outline" className="justify-self-center" loading={all.isFetchingNextPage} onClick={() => void all.fetchNextPage()}>
            Show more contacts
          </Button>
        ) : null}
      </>
    );
  }
  return (
    <div className="grid gap-6">
      <PageHeader
        title="Contacts"
        description="Everyone the brokerage keeps in touch with: every lead, and the people you add or import."
        actions={
          <div className="flex flex-wrap gap-2">
            <Button onClick={() => setEditing("new")}>
              <Plus aria-hidden />
              Add contact
            </Button>
            <Button variant="outline" onClick={() => setImporting(true)}>
              <Upload aria-hidden />
              Import CSV
            </Button>
            <Button variant="outline" asChild>
              <a href={CONTACTS_CSV_HREF} download>
                <Download aria-hidden />
                Export CSV
              </a>
            </Button>
          </div>
        }
      />
      {editing ? <ContactForm key={editing === "new" ? "new" : editing.id} contact={editing === "new" ? null : editing} onDone={() => setEditing(null)} /> : null}
      {importing ? <ImportPanel onDone={() => setImporting(false)} /> : null}
      {listingId ? (
        <p className="text-sm" role="status">
          {matching.data ? `${matching.data.count} contact${matching.data.count === 1 ? "" : "s"} match this listing. ` : ""}
          <Link href="/contacts" className="underline">
            Show all contacts
          </Link>
        </p>
      ) : (
        <div className="grid gap-3 sm:grid-cols-4">
          <SearchInput value={search} onValueChange={setSearch} label="Search contacts" placeholder="Name, email, company or phone" />
          <Input aria-label="Tag" placeholder="Tag" value={tag} onChange={(e) => setTag(e.target.value)} />
          <NativeSelect aria-label="Role" value={role} onChange={(e) => setRole(e.target.value)}>
            <option value="">Any role</option>
            {INQUIRER_ROLES.map((r) => (
              <option key={r} value={r}>
                {INQUIRER_ROLE_LABELS[r]}
              </option>
            ))}
          </NativeSelect>
          <NativeSelect aria-label="Status" value={status} onChange={(e) => setStatus(e.target.value)}>
            <option value="">Any status</option>
            {CONTACT_STATUSES.map((s) => (
              <option key={s}>{s}</option>
            ))}
          </NativeSelect>
        </div>
      )}
      <ListTools selected={[...selected]} filter={filter} />
      {/* data-shown: the filter (as GET /api/contacts's query) whose contacts are on screen, for bench/contacts-browser.ts. */}
      <div className="grid gap-3" data-testid="contacts-results" data-shown={all.data && !all.isPlaceholderData ? contactsQuery(filter, null).toString() : "pending"}>
        {content}
      </div>
    </div>
  );
}
