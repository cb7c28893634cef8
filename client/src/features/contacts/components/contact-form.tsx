// Add or edit a contact: who they are, their tags, what listings they want to hear of, on what
// ground we may mail them, and whether we still may.
import { useState, type FormEvent } from "react";
import { CONSENTS, CONTACT_STATUSES, type Contact, type ContactCreate } from "@shared/contacts";
import { STATES } from "@shared/enumerations";
import { INQUIRER_ROLES, INQUIRER_ROLE_LABELS } from "@shared/leads";
import { PROPERTY_TYPES } from "@shared/listing-fact-choices";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { Input } from "@/components/ui/input";
import { NativeSelect } from "@/components/ui/native-select";
import { errorMessage } from "@/lib/api-client";
import { useSaveContact } from "../api/contacts";

const number = (text: string) => (text.trim() === "" ? null : Number(text.replace(/[$,\s]/g, "")));
const words = (list: string) =>
  list
    .split(",")
    .map((t) => t.trim())
    .filter(Boolean);

export function ContactForm({ contact, onDone }: { contact: Contact | null; onDone: () => void }) {
  const save = useSaveContact();
  const i = contact?.interests;
  const [f, setF] = useState({
    name: contact?.name ?? "",
    email: contact?.email ?? "",
    phone: contact?.phone ?? "",
    company: contact?.company ?? "",
    role: contact?.role ?? "other",
    tags: contact?.tags.join(", ") ?? "",
    consent: contact?.consent ?? "unknown",
    status: contact?.status ?? "subscribed",
    propertyTypes: i?.propertyTypes ?? [],
    states: i?.states ?? [],
    minPrice: i?.minPrice?.toString() ?? "",
    maxPrice: i?.maxPrice?.toString() ?? "",
    minSize: i?.minSize?.toString() ?? "",
    maxSize: i?.maxSize?.toString() ?? "",
  });
  const set = (patch: Partial<typeof f>) => setF((old) => ({ ...old, ...patch }));
  const toggle = (key: "propertyTypes" | "states", value: string) => set({ [key]: f[key].includes(value) ? f[key].filter((v) => v !== value) : [...f[key], value] });

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const values = {
      name: f.name,
      email: f.email,
      phone: f.phone || null,
      company: f.company || null,
      role: f.role,
      tags: words(f.tags),
      consent: f.consent,
      status: f.status,
      interests: { propertyTypes: f.propertyTypes, states: f.states, offeringTypes: i?.offeringTypes ?? [], minPrice: number(f.minPrice), maxPrice: number(f.maxPrice), minSize: number(f.minSize), maxSize: number(f.maxSize) },
    } as ContactCreate;
    save.mutate({ id: contact?.id ?? null, values }, { onSuccess: onDone });
  };

  const field = (label: string, input: React.ReactNode) => (
    <label className="grid gap-1 text-sm">
      <span className="font-medium">{label}</span>
      {input}
    </label>
  );
  return (
    <Card className="p-4">
      <form className="grid gap-3 sm:grid-cols-2" onSubmit={submit} aria-label={contact ? "Edit contact" : "Add contact"}>
        {field("Name", <Input value={f.name} onChange={(e) => set({ name: e.target.value })} required />)}
        {field("Email", <Input type="email" value={f.email} onChange={(e) => set({ email: e.target.value })} required />)}
        {field("Phone", <Input value={f.phone} onChange={(e) => set({ phone: e.target.value })} />)}
        {field("Company", <Input value={f.company} onChange={(e) => set({ company: e.target.value })} />)}
        {field(
          "Role",
          <NativeSelect value={f.role} onChange={(e) => set({ role: e.target.value as typeof f.role })}>
            {INQUIRER_ROLES.map((r) => (
              <option key={r} value={r}>
                {INQUIRER_ROLE_LABELS[r]}
              </option>
            ))}
          </NativeSelect>,
        )}
        {field("Tags (comma-separated)", <Input value={f.tags} onChange={(e) => set({ tags: e.target.value })} />)}
        {field(
          "Consent",
          <NativeSelect value={f.consent} onChange={(e) => set({ consent: e.target.value as typeof f.consent })}>
            {CONSENTS.map((c) => (
              <option key={c}>{c}</option>
            ))}
          </NativeSelect>,
        )}
        {field(
          "Status",
          <NativeSelect value={f.status} onChange={(e) => set({ status: e.target.value as typeof f.status })}>
            {CONTACT_STATUSES.map((s) => (
              <option key={s}>{s}</option>
            ))}
          </NativeSelect>,
        )}
        <fieldset className="grid gap-1 text-sm sm:col-span-2">
          <legend className="font-medium">Interested in (leave empty for any)</legend>
          <div className="flex flex-wrap gap-3">
            {PROPERTY_TYPES.map((t) => (
              <label key={t} className="flex items-center gap-1">
                <input type="checkbox" checked={f.propertyTypes.includes(t)} onChange={() => toggle("propertyTypes", t)} />
                {t}
              </label>
            ))}
          </div>
          <div className="flex flex-wrap gap-3">
            {STATES.map((s) => (
              <label key={s.code} className="flex items-center gap-1">
                <input type="checkbox" checked={f.states.includes(s.code)} onChange={() => toggle("states", s.code)} />
                {s.name}
              </label>
            ))}
          </div>
        </fieldset>
        {field("Minimum price", <Input inputMode="numeric" value={f.minPrice} onChange={(e) => set({ minPrice: e.target.value })} />)}
        {field("Maximum price", <Input inputMode="numeric" value={f.maxPrice} onChange={(e) => set({ maxPrice: e.target.value })} />)}
        {field("Minimum size (SF)", <Input inputMode="numeric" value={f.minSize} onChange={(e) => set({ minSize: e.target.value })} />)}
        {field("Maximum size (SF)", <Input inputMode="numeric" value={f.maxSize} onChange={(e) => set({ maxSize: e.target.value })} />)}
        {save.isError ? (
          <p role="alert" className="text-sm text-destructive sm:col-span-2">
            {errorMessage(save.error)}
          </p>
        ) : null}
        <div className="flex gap-2 sm:col-span-2">
          <Button type="submit" loading={save.isPending}>
            {contact ? "Save contact" : "Add contact"}
          </Button>
          <Button type="button" variant="outline" onClick={onDone}>
            Cancel
          </Button>
        </div>
      </form>
    </Card>
  );
}
