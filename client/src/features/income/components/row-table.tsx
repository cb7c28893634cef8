// A list of rows as a table on a wide screen and stacked cards on a phone, each row with Edit and
// Delete, and the one form (add or edit) above it.
import { Pencil, Plus, Trash2 } from "lucide-react";
import { useState, type ReactNode } from "react";
import { Button } from "@/components/ui/button";
import type { RowBody } from "../api/income";
import { RowEditor, type RowField } from "./row-editor";

export interface Column<T> {
  label: string;
  cell(row: T): ReactNode;
}

interface RowTableProps<T extends { id: number }> {
  /** "space", "tenant": the buttons' words. */
  noun: string;
  rows: readonly T[];
  columns: readonly Column<T>[];
  /** The row's name on its card and in its buttons' labels. */
  name(row: T): string;
  fields: readonly RowField[];
  blank: Record<string, string>;
  formValues(row: T): Record<string, string>;
  onAdd(body: RowBody): Promise<unknown>;
  onPatch(id: number, body: RowBody): Promise<unknown>;
  onRemove(id: number): void;
  empty: string;
}

export function RowTable<T extends { id: number }>(p: RowTableProps<T>) {
  const [editing, setEditing] = useState<"new" | number | null>(null);
  const edited = typeof editing === "number" ? p.rows.find((r) => r.id === editing) : undefined;
  const actions = (row: T) => (
    <div className="flex gap-1">
      <Button type="button" size="icon-sm" variant="ghost" aria-label={`Edit ${p.noun} ${p.name(row)}`} onClick={() => setEditing(row.id)}>
        <Pencil aria-hidden className="size-4" />
      </Button>
      <Button type="button" size="icon-sm" variant="ghost" aria-label={`Delete ${p.noun} ${p.name(row)}`} onClick={() => p.onRemove(row.id)}>
        <Trash2 aria-hidden className="size-4" />
      </Button>
    </div>
  );
  return (
    <div className="grid gap-3">
      {editing === null ? (
        <div>
          <Button type="button" size="sm" variant="outline" onClick={() => setEditing("new")}>
            <Plus aria-hidden className="size-4" />
            Add {p.noun}
          </Button>
        </div>
      ) : (
        <RowEditor
          key={String(editing)}
          fields={p.fields}
          initial={edited ? p.formValues(edited) : p.blank}
          submitLabel={edited ? "Save changes" : `Add ${p.noun}`}
          onSubmit={(body) => (edited ? p.onPatch(edited.id, body) : p.onAdd(body))}
          onDone={() => setEditing(null)}
        />
      )}
      {p.rows.length === 0 ? (
        <p className="text-sm text-muted-foreground">{p.empty}</p>
      ) : (
        <>
          <div className="hidden overflow-x-auto sm:block">
            <table className="w-full text-left text-sm">
              <thead className="text-xs text-muted-foreground">
                <tr>
                  {p.columns.map((c) => (
                    <th key={c.label} scope="col" className="px-2 py-1 font-medium">
                      {c.label}
                    </th>
                  ))}
                  <th scope="col" className="sr-only">
                    Actions
                  </th>
                </tr>
              </thead>
              <tbody>
                {p.rows.map((row) => (
                  <tr key={row.id} className="border-t">
                    {p.columns.map((c) => (
                      <td key={c.label} className="px-2 py-1.5 align-top">
                        {c.cell(row)}
                      </td>
                    ))}
                    <td className="px-2 py-1 text-right">{actions(row)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <ul className="grid gap-2 sm:hidden">
            {p.rows.map((row) => (
              <li key={row.id} className="rounded-lg border p-3">
                <div className="flex items-start justify-between gap-2">
                  <p className="font-medium">{p.name(row)}</p>
                  {actions(row)}
                </div>
                <dl className="mt-1 grid grid-cols-2 gap-x-3 gap-y-1 text-sm">
                  {p.columns.slice(1).map((c) => (
                    <div key={c.label} className="min-w-0">
                      <dt className="text-xs text-muted-foreground">{c.label}</dt>
                      <dd className="break-words">{c.cell(row)}</dd>
                    </div>
                  ))}
                </dl>
              </li>
            ))}
          </ul>
        </>
      )}
    </div>
  );
}
