// In Settings: the confidentiality agreements buyers sign before a deal room opens. Admins edit
// them; every save of a changed text is a new version, and signatures stay bound to the version
// they signed (docs/guides/deal-room.md).
import { useState } from "react";
import type { CaTemplate } from "@shared/deal-room";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { FormField } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";
import { Textarea } from "@/components/ui/textarea";
import { toastError, toastSuccess } from "@/components/ui/use-toast";
import { ApiError, errorMessage } from "@/lib/api-client";
import { formatDate } from "@/lib/format-date";
import { useCaTemplates, useSaveCaTemplate } from "../api/ca-templates";

function TemplateForm({ template, onDone }: { template?: CaTemplate; onDone(): void }) {
  const save = useSaveCaTemplate();
  const [name, setName] = useState(template?.name ?? "");
  const [body, setBody] = useState(template?.body ?? "");
  const [errors, setErrors] = useState<Record<string, string>>({});
  return (
    <form
      noValidate
      className="grid gap-3"
      onSubmit={(event) => {
        event.preventDefault();
        setErrors({});
        save.mutate(
          { id: template?.id, input: { name, body } },
          {
            onSuccess: (saved) => {
              toastSuccess(template ? `Saved as version ${saved.version}` : "Agreement added");
              onDone();
            },
            onError: (err) => (err instanceof ApiError && err.fieldErrors ? setErrors(err.fieldErrors) : toastError("Could not save", errorMessage(err))),
          },
        );
      }}
    >
      <FormField label="Name" error={errors.name}>
        <Input value={name} onChange={(e) => setName(e.target.value)} />
      </FormField>
      <FormField label="Text" error={errors.body} hint={template ? "Saving a changed text makes a new version; agreements already signed keep the version they signed." : undefined}>
        <Textarea rows={14} value={body} onChange={(e) => setBody(e.target.value)} />
      </FormField>
      <div className="flex flex-wrap gap-2">
        <Button type="submit" loading={save.isPending}>
          {template ? "Save new version" : "Add agreement"}
        </Button>
        <Button type="button" variant="outline" onClick={onDone}>
          Cancel
        </Button>
      </div>
    </form>
  );
}

export function CaTemplatesCard({ isAdmin }: { isAdmin: boolean }) {
  const templates = useCaTemplates();
  const [editing, setEditing] = useState<number | "new" | null>(null);
  return (
    <Card className="grid gap-3 p-5" data-testid="ca-templates-settings">
      <h2 className="font-semibold">Confidentiality agreements</h2>
      <p className="text-sm text-muted-foreground">What buyers sign before a listing&apos;s deal room opens to them. The first is the default; a room may choose another.</p>
      {templates.isError ? <p className="text-sm text-destructive">{errorMessage(templates.error)}</p> : null}
      <ul className="grid gap-3">
        {(templates.data ?? []).map((t) => (
          <li key={t.id} className="grid gap-2 rounded-md border p-3">
            <div className="flex flex-wrap items-center gap-2">
              <span className="font-medium">{t.name}</span>
              <Badge variant="muted">version {t.version}</Badge>
              <span className="text-xs text-muted-foreground">saved {formatDate(t.updatedAt)}</span>
              {isAdmin && editing !== t.id ? (
                <Button variant="outline" size="sm" className="ml-auto" onClick={() => setEditing(t.id)}>
                  Edit
                </Button>
              ) : null}
            </div>
            {editing === t.id ? <TemplateForm template={t} onDone={() => setEditing(null)} /> : null}
          </li>
        ))}
      </ul>
      {isAdmin && editing === "new" ? <TemplateForm onDone={() => setEditing(null)} /> : null}
      {isAdmin && editing !== "new" ? (
        <div>
          <Button variant="outline" size="sm" onClick={() => setEditing("new")}>
            New agreement
          </Button>
        </div>
      ) : null}
      {!isAdmin ? <p className="text-sm text-muted-foreground">Admins change these.</p> : null}
    </Card>
  );
}
