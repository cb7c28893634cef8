import { DOCUMENT_LEVEL_HINTS, DOCUMENT_LEVEL_LABELS, DOCUMENT_LEVELS, MAX_DOCUMENT_FOLDER, MAX_DOCUMENT_TITLE, type DocumentLevel } from "@shared/documents";
import { FormField } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { NativeSelect } from "@/components/ui/native-select";
import { Switch } from "@/components/ui/switch";

export interface DocumentFieldValues {
  title: string;
  folder: string;
  level: DocumentLevel;
  downloadable: boolean;
}

interface DocumentFieldsProps {
  values: DocumentFieldValues;
  onChange(values: DocumentFieldValues): void;
  /** Folders already in the room, offered as the folder's suggestions. */
  folders: string[];
  /** Unique per form on the page (ids and the folder list's id hang off it). */
  idPrefix: string;
  /** Why the level cannot change (a PDF that could not be opened), shown under it. */
  levelLocked?: string | null;
}

/** Title, folder, who sees it and whether it downloads: the same fields for a new document and an edit. */
export function DocumentFields({ values, onChange, folders, idPrefix, levelLocked }: DocumentFieldsProps) {
  const set = (change: Partial<DocumentFieldValues>) => onChange({ ...values, ...change });
  const listId = `${idPrefix}-folders`;
  return (
    <div className="grid gap-3 sm:grid-cols-2">
      <FormField label="Title" id={`${idPrefix}-title`} required>
        <Input value={values.title} maxLength={MAX_DOCUMENT_TITLE} onChange={(e) => set({ title: e.target.value })} data-testid="document-title-input" />
      </FormField>
      <FormField label="Folder" id={`${idPrefix}-folder`} hint="Financials, Leases, Due diligence…">
        <Input value={values.folder} maxLength={MAX_DOCUMENT_FOLDER} list={listId} onChange={(e) => set({ folder: e.target.value })} data-testid="document-folder-input" />
      </FormField>
      <datalist id={listId}>
        {folders.map((folder) => (
          <option key={folder} value={folder} />
        ))}
      </datalist>
      <FormField label="Who sees it" id={`${idPrefix}-level`} hint={levelLocked ?? DOCUMENT_LEVEL_HINTS[values.level]}>
        <NativeSelect value={values.level} disabled={Boolean(levelLocked)} onChange={(e) => set({ level: e.target.value as DocumentLevel })} data-testid="document-level-select">
          {DOCUMENT_LEVELS.map((level) => (
            <option key={level} value={level}>
              {DOCUMENT_LEVEL_LABELS[level]}
            </option>
          ))}
        </NativeSelect>
      </FormField>
      <div className="flex items-center gap-3 self-center">
        <Switch
          id={`${idPrefix}-downloadable`}
          checked={values.downloadable}
          onCheckedChange={(downloadable) => set({ downloadable })}
          data-testid="document-downloadable-switch"
        />
        <Label htmlFor={`${idPrefix}-downloadable`}>{values.downloadable ? "Buyers may download it" : "View only: buyers see its pages"}</Label>
      </div>
    </div>
  );
}
