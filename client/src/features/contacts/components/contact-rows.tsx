// The contacts shown, as a table on a wide screen and cards on a phone. Only the rows near the
// viewport are in the page (a window virtualizer, as the listings table), each of a fixed height,
// so a filter over 10,000 contacts redraws a screenful, not the book (docs/guides/contacts-and-campaigns.md).
import { useWindowVirtualizer } from "@tanstack/react-virtual";
import { memo, useCallback } from "react";
import type { Contact } from "@shared/contacts";
import { INQUIRER_ROLE_LABELS } from "@shared/leads";
import { cn } from "@/lib/cn";
import { useContainerGeometry } from "@/lib/use-container-geometry";
import { useMediaQuery } from "@/lib/use-media-query";

const ROW_HEIGHT = 44;
const HEADER_HEIGHT = 40;
// Three one-line rows of text in a card with its padding, and the gap below it.
const CARD_HEIGHT = 88;
const CARD_GAP = 12;
// Tailwind's md: the table from there up.
const WIDE_QUERY = "(min-width: 768px)";

interface RowsProps {
  contacts: readonly Contact[];
  selected: ReadonlySet<number>;
  onSelect(id: number): void;
  onEdit(contact: Contact): void;
}

const tagsText = (c: Contact) => c.tags.join(", ");

function useRows(count: number, size: number, above: number) {
  const { ref, offsetTop } = useContainerGeometry();
  const estimateSize = useCallback(() => size, [size]);
  const virtualizer = useWindowVirtualizer({ count, estimateSize, overscan: 8, scrollMargin: offsetTop + above });
  return { ref, virtualizer };
}

function Pick({ contact, checked, onSelect }: { contact: Contact; checked: boolean; onSelect(id: number): void }) {
  return <input type="checkbox" aria-label={`Select ${contact.name}`} checked={checked} onChange={() => onSelect(contact.id)} />;
}

function Name({ contact, onEdit, className }: { contact: Contact; onEdit(contact: Contact): void; className?: string }) {
  return (
    <button type="button" title={contact.name} className={cn("max-w-full truncate text-left font-semibold hover:underline", className)} onClick={() => onEdit(contact)}>
      {contact.name}
    </button>
  );
}

const CELL = "h-11 truncate border-t px-2";

const TableRow = memo(function TableRow({ contact, position, checked, onSelect, onEdit }: { contact: Contact; position: number; checked: boolean; onSelect(id: number): void; onEdit(c: Contact): void }) {
  return (
    <tr data-testid="contact-row" aria-rowindex={position + 2}>
      <td className={CELL}>
        <Pick contact={contact} checked={checked} onSelect={onSelect} />
      </td>
      <td className={CELL}>
        <Name contact={contact} onEdit={onEdit} />
      </td>
      <td className={CELL} title={contact.email}>
        {contact.email}
      </td>
      <td className={CELL} title={contact.company ?? undefined}>
        {contact.company}
      </td>
      <td className={CELL}>{INQUIRER_ROLE_LABELS[contact.role]}</td>
      <td className={CELL} title={tagsText(contact) || undefined}>
        {tagsText(contact)}
      </td>
      <td className={CELL}>{contact.status}</td>
    </tr>
  );
});

function ContactTable({ contacts, selected, onSelect, onEdit }: RowsProps) {
  const { ref, virtualizer } = useRows(contacts.length, ROW_HEIGHT, HEADER_HEIGHT);
  const rows = virtualizer.getVirtualItems();
  const before = rows.length > 0 ? rows[0].start - virtualizer.options.scrollMargin : 0;
  const after = rows.length > 0 ? virtualizer.getTotalSize() - (rows[rows.length - 1].end - virtualizer.options.scrollMargin) : 0;
  return (
    <div ref={ref}>
      <table className="w-full table-fixed text-sm" aria-rowcount={contacts.length + 1} data-testid="contacts-table">
        <thead className="text-left text-muted-foreground">
          <tr aria-rowindex={1} className="h-10">
            <th className="w-10 p-2">
              <span className="sr-only">Select</span>
            </th>
            <th className="w-[20%] p-2">Name</th>
            <th className="w-[24%] p-2">Email</th>
            <th className="p-2">Company</th>
            <th className="p-2">Role</th>
            <th className="p-2">Tags</th>
            <th className="w-28 p-2">Status</th>
          </tr>
        </thead>
        <tbody>
          {before > 0 ? (
            <tr aria-hidden="true" style={{ height: before }}>
              <td colSpan={7} />
            </tr>
          ) : null}
          {rows.map((row) => {
            const contact = contacts[row.index];
            return <TableRow key={row.key} contact={contact} position={row.index} checked={selected.has(contact.id)} onSelect={onSelect} onEdit={onEdit} />;
          })}
          {after > 0 ? (
            <tr aria-hidden="true" style={{ height: after }}>
              <td colSpan={7} />
            </tr>
          ) : null}
        </tbody>
      </table>
    </div>
  );
}

const ContactCard = memo(function ContactCard({ contact, position, total, top, checked, onSelect, onEdit }: { contact: Contact; position: number; total: number; top: number; checked: boolean; onSelect(id: number): void; onEdit(c: Contact): void }) {
  return (
    <li
      aria-setsize={total}
      aria-posinset={position + 1}
      className="absolute left-0 top-0 w-full"
      style={{ height: CARD_HEIGHT, transform: `translateY(${top}px)` }}
    >
      <div className="grid h-full content-center gap-1 rounded-xl border bg-card px-4 text-sm text-card-foreground shadow-card" data-testid="contact-card">
        <div className="flex min-w-0 items-center gap-2">
          <Pick contact={contact} checked={checked} onSelect={onSelect} />
          <Name contact={contact} onEdit={onEdit} />
        </div>
        <span className="truncate text-muted-foreground">
          {contact.email}
          {contact.company ? ` · ${contact.company}` : ""}
        </span>
        <span className="truncate text-xs text-muted-foreground">
          {INQUIRER_ROLE_LABELS[contact.role]} · {contact.status}
          {contact.tags.length ? ` · ${tagsText(contact)}` : ""}
        </span>
      </div>
    </li>
  );
});

function ContactCards({ contacts, selected, onSelect, onEdit }: RowsProps) {
  const { ref, virtualizer } = useRows(contacts.length, CARD_HEIGHT + CARD_GAP, 0);
  return (
    <div ref={ref}>
      <ul className="relative w-full" style={{ height: virtualizer.getTotalSize() }} data-testid="contacts-cards">
        {virtualizer.getVirtualItems().map((row) => {
          const contact = contacts[row.index];
          return (
            <ContactCard
              key={row.key}
              contact={contact}
              position={row.index}
              total={contacts.length}
              top={row.start - virtualizer.options.scrollMargin}
              checked={selected.has(contact.id)}
              onSelect={onSelect}
              onEdit={onEdit}
            />
          );
        })}
      </ul>
    </div>
  );
}

/** The table from Tailwind's md up, the cards below it; one of them in the page at a time. */
export function ContactRows(props: RowsProps) {
  const wide = useMediaQuery(WIDE_QUERY);
  return wide ? <ContactTable {...props} /> : <ContactCards {...props} />;
}
