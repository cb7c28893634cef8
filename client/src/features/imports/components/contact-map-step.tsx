import { CONTACT_EMAIL_REQUIRED } from "@shared/imports/contact-fields";
import { columnHeader, plural } from "../lib/import-text";
import { CONTACT_FIELD_CHOICES, kindFieldLabel } from "../lib/import-kind";
import { emptyMappedColumns, repeatedTargets } from "../lib/mapping-rules";
import type { Draft, ImportPreview, ReadOptions, WizardAction } from "../lib/wizard-state";
import { ColumnMapping } from "./column-mapping";
import { FileSettings } from "./file-settings";
import { MapStepActions } from "./map-step-actions";
import { Notice, StepSection } from "./notice";

interface ContactMapStepProps {
  preview: ImportPreview;
  draft: Draft;
  options: ReadOptions;
  suggestion: Draft["mapping"] | null;
  busy: boolean;
  error: string | null;
  dispatch(action: WizardAction): void;
  onReadOptions(options: ReadOptions): void;
  onPreview(): void;
  onChooseAnother(): void;
}

const contactLabel = (field: string) => kindFieldLabel("contacts", field);

/**
 * The Map step for a file of contacts: the same file settings and column mapping as for listings,
 * with the contact fields as targets. Contacts are matched by email, so there are no values to
 * map, defaults or match rule, and Email must have a column.
 */
export function ContactMapStep({ preview, draft, options, suggestion, busy, error, dispatch, onReadOptions, onPreview, onChooseAnother }: ContactMapStepProps) {
  const repeated = repeatedTargets(draft.mapping);
  const empty = emptyMappedColumns(preview.columns, draft.mapping);
  const mapped = draft.mapping.filter((t) => t !== null).length;
  const noEmail = !draft.mapping.some((t) => (t as string | null) === "email");
  return (
    <div className="grid gap-4">
      <StepSection id="wizard-file" title="File">
        <FileSettings preview={preview} options={options} busy={busy} onChange={onReadOptions} />
      </StepSection>
      <StepSection
        id="wizard-columns"
        title="Columns"
        description={`Choose the contact field each column holds, or ignore it. ${plural(mapped, "column")} of ${preview.columns.length} ${mapped === 1 ? "is" : "are"} mapped. A row whose email a contact already has fills that contact's empty fields and adds its tags; it never changes a name or role, nor subscribes anyone again.`}
      >
        <ColumnMapping
          columns={preview.columns}
          mapping={draft.mapping}
          repeated={repeated}
          suggested={suggestion ?? []}
          disabled={busy}
          groups={CONTACT_FIELD_CHOICES}
          labelOf={contactLabel}
          onChange={(index, target) => dispatch({ type: "column", index, target })}
        />
        {empty.length > 0 ? (
          <Notice tone="warning" data-testid="empty-columns">
            {empty.length === 1 ? "This column is" : "These columns are"} empty in every row: <span className="font-medium">{empty.map((c) => columnHeader(c)).join(", ")}</span>.
          </Notice>
        ) : null}
      </StepSection>
      <MapStepActions
        problems={
          noEmail || repeated.size > 0 ? (
            <Notice tone="warning" data-testid="mapping-problems">
              {noEmail ? CONTACT_EMAIL_REQUIRED : "Map one column to each field."}
            </Notice>
          ) : null
        }
        error={error}
        busy={busy}
        blocked={noEmail || repeated.size > 0}
        onChooseAnother={onChooseAnother}
        onPreview={onPreview}
      />
    </div>
  );
}
