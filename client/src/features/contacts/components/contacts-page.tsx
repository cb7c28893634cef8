// The Contacts page (docs/guides/contacts-and-campaigns.md): every contact, leads included,
// searchable and filtered by tag, role and status; a table on a wide screen and cards on a phone;
// add and edit, lists, segments, CSV export, and import through the import wizard. With ?listing=<id> it shows the
// contacts that match that listing; ?q= starts the search.
import { Download, Plus, TriangleAlert, Upload, Users } from "lucide-react";
import { useCallback, useMemo, useState } from "react";
import { Link, useSearch } from "wouter";
import { CONTACT_STATUSES, type Contact, type ContactFilter } from "@shared/contacts";
import { INQUIRER_ROLES, INQUIRER_ROLE_LABELS } from "@shared/leads";
import { Button } from "@/components/ui/button";
import { EmptyState, LoadFailed } from "@/components/ui/empty-state";
import { Input } from "@/components/ui/input";
import { NativeSelect } from "@/components/ui/native-select";
import { PageHeader } from "@/components/ui/page-header";
import { SearchInput } from "@/components/ui/search-input";
import { errorMessage } from "@/lib/api-client";
import { CONTACTS_CSV_HREF, contactsQuery, useAddToList, useContactBook, useContactLists, useCreateList, useMatchingContacts, useSaveSegment } from "../api/contacts";
import { filterContacts, indexContacts } from "../lib/contact-filter";
import { ContactForm } from "./contact-form";
import { ContactRows } from "./contact-rows";

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

const count = (n: number) => `${n.toLocaleString("en-US")} contact${n === 1 ? "" : "s"}`;

/** How many contacts the filter keeps, and whether the book is still arriving (the filter then sees only what has). */
function BookStatus({ loaded, shown, complete, failed, onRetry }: { loaded?: number; shown?: number; complete: boolean; failed: boolean; onRetry(): void }) {
  if (loaded === undefined || shown === undefined) return null;
  return (
    <p className="flex flex-wrap items-center gap-2 text-sm text-muted-foreground" aria-live="polite" data-testid="contacts-count">
      {shown === loaded ? count(loaded) : `${count(shown)} of ${loaded.toLocaleString("en-US")}`}
      {complete ? "" : failed ? "; the rest failed to load." : "; loading the rest…"}
      {!complete && failed ? (
        <Button variant="outline" size="sm" onClick={onRetry}>
          Retry
        </Button>
      ) : null}
    </p>
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
  const [selected, setSelected] = useState<Set<number>>(new Set());
  const q = search.trim();
  const filter: ContactFilter = {
    ...(q ? { q } : {}),
    ...(tag.trim() ? { tags: [tag.trim()] } : {}),
    ...(role ? { roles: [role as Contact["role"]] } : {}),
    ...(status ? { statuses: [status as Contact["status"]] } : {}),
  };
  // The filter's query string: what the memo below follows, and what the results say they show.
  const filterKey = contactsQuery(filter, null).toString();
  const book = useContactBook();
  const indexed = useMemo(() => (book.pages ? indexContacts(book.pages) : undefined), [book.pages]);
  // eslint-disable-next-line react-hooks/exhaustive-deps -- filterKey names everything of the filter
  const filtered = useMemo(() => (indexed ? filterContacts(indexed, filter) : undefined), [indexed, filterKey]);
  const matching = useMatchingContacts(listingId);
  const source = listingId ? matching : book;
  const shown = listingId ? matching.data?.contacts : filtered;
  const toggle = useCallback(
    (id: number) =>
      setSelected((old) => {
        const next = new Set(old);
        if (next.has(id)) next.delete(id);
        else next.add(id);
        return next;
      }),
    [],
  );

  let content;
  if (source.isError && !shown) {
    content = <LoadFailed icon={TriangleAlert} title="Failed to load contacts" error={source.error} onRetry={() => void source.refetch()} />;
  } else if (!shown) {
    content = <p className="text-sm text-muted-foreground">Loading…</p>;
  } else if (shown.length === 0) {
    content = <EmptyState icon={Users} title={listingId ? "No contacts match this listing" : "No contacts match"} description="Add a contact, import a CSV, or wait for an inquiry: every lead is a contact." />;
  } else {
    content = <ContactRows contacts={shown} selected={selected} onSelect={toggle} onEdit={setEditing} />;
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
            {/* The import wizard, with Contacts chosen: mapping, preview and undo (docs/guides/imports.md). */}
            <Button variant="outline" asChild>
              <Link href="/imports/new?target=contacts" data-testid="import-contacts">
                <Upload aria-hidden />
                Import CSV or Excel
              </Link>
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
      {listingId ? null : <BookStatus loaded={indexed?.length} shown={shown?.length} complete={book.complete} failed={book.isError} onRetry={() => void book.fetchNextPage()} />}
      {/* data-shown: the filter (as GET /api/contacts's query) whose contacts are on screen, and data-loading
          while the book still arrives, for bench/contacts-browser.ts. */}
      <div className="grid gap-3" data-testid="contacts-results" data-shown={shown ? filterKey : "pending"} data-loading={listingId || book.complete ? undefined : ""}>
        {content}
      </div>
    </div>
  );
}
