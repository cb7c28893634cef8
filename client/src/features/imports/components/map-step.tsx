import { MATCH_BY_LABELS } from "@shared/imports/targets";
import type { ImportValueMaps } from "@shared/imports/wire";
import { plural } from "../lib/import-text";
import {
  columnsHoldCityState,
  coveredFields,
  emptyMappedColumns,
  fieldsNeedingDefault,
  fieldsWithUnlistedValues,
  mappingProblems,
  nameFromAddress,
  repeatedTargets,
  targetLabel,
} from "../lib/mapping-rules";
import { suggestedMatchBy, type Draft, type ImportPreview, type ReadOptions, type WizardAction } from "../lib/wizard-state";
import { columnHeader } from "../lib/import-text";
import { CityStateSource } from "./city-state-source";
import { ColumnMapping } from "./column-mapping";
import { DefaultsSection } from "./defaults-section";
import { FileSettings } from "./file-settings";
import { MatchByChoice } from "./match-by-choice";
import { MapStepActions } from "./map-step-actions";
import { Notice, StepSection } from "./notice";
import { ValueMapping } from "./value-mapping";

interface MapStepProps {
  preview: ImportPreview;
  draft: Draft;
  options: ReadOptions;
  suggestion: Draft["mapping"] | null;
  valueSuggestion: ImportValueMaps | null;
  busy: boolean;
  error: string | null;
  dispatch(action: WizardAction): void;
  onReadOptions(options: ReadOptions): void;
  onPreview(): void;
  onChooseAnother(): void;
}

/** Columns → fields, file values → allowed values, defaults and the duplicate policy; then Preview. */
export function MapStep({ preview, draft, options, suggestion, valueSuggestion, busy, error, dispatch, onReadOptions, onPreview, onChooseAnother }: MapStepProps) {
  const repeated = repeatedTargets(draft.mapping);
  const offerCityState = preview.cityStateSources.length > 0 && !columnsHoldCityState(draft.mapping);
  const cityStateFrom = offerCityState ? draft.cityStateFrom : null;
  const needing = fieldsNeedingDefault(draft.mapping, draft.defaults, cityStateFrom);
  const problems = mappingProblems(draft.mapping, draft.defaults, cityStateFrom);
  const covered = coveredFields(draft.mapping, cityStateFrom);
  const empty = emptyMappedColumns(preview.columns, draft.mapping);
  const unlisted = fieldsWithUnlistedValues(draft.mapping, preview.mapping);
  const mapped = draft.mapping.filter((t) => t !== null).length;

  return (
    <div className="grid gap-4">
      <StepSection id="wizard-file" title="File">
        <FileSettings preview={preview} options={options} busy={busy} onChange={onReadOptions} />
      </StepSection>

      <StepSection
        id="wizard-columns"
        title="Columns"
        description={`Choose the listing field each column holds, or ignore it. ${plural(mapped, "column")} of ${preview.columns.length} ${mapped === 1 ? "is" : "are"} mapped.`}
      >
        {preview.savedMapping ? (
          <Notice data-testid="saved-mapping">
            Your team saved a mapping for files with these columns, and it is applied here. Check it and change anything that is off.
          </Notice>
        ) : null}
        <ColumnMapping
          columns={preview.columns}
          mapping={draft.mapping}
          repeated={repeated}
          suggested={suggestion ?? []}
          disabled={busy}
          onChange={(index, target) => dispatch({ type: "column", index, target })}
        />
        {empty.length > 0 ? (
          <Notice tone="warning" data-testid="empty-columns">
            {empty.length === 1 ? "This column is" : "These columns are"} empty in every row:{" "}
            <span className="font-medium">{empty.map((c) => `${columnHeader(c)} (${targetLabel(draft.mapping[c.index]!)})`).join(", ")}</span>. Every row
            would get no value from {empty.length === 1 ? "it" : "them"}: map another column, ignore {empty.length === 1 ? "it" : "them"} and give a
            default, or check the export.
          </Notice>
        ) : null}
        {offerCityState ? (
          <CityStateSource preview={preview} value={draft.cityStateFrom} disabled={busy} onChange={(column) => dispatch({ type: "cityStateFrom", column })} />
        ) : null}
        {needing.length > 0 ? (
          <Notice tone="warning" data-testid="needs-default">
            No column holds {needing.map(targetLabel).join(", ")}. {needing.length === 1 ? "It is" : "They are"} required: give{" "}
            {needing.length === 1 ? "it a default" : "each a default"} under Defaults below.
          </Notice>
        ) : null}
      </StepSection>

      <StepSection id="wizard-values" title="Values" description="Values of fields with fixed choices: choose what each value in the file means, or leave it to fail. Values the app reads are suggested.">
        <ValueMapping
          valueMaps={draft.valueMaps}
          suggested={valueSuggestion ?? {}}
          notes={preview.valueNotes}
          shown={[...covered]}
          unlisted={unlisted}
          disabled={busy}
          onChange={(field, fileValue, value) => dispatch({ type: "value", field, fileValue, value })}
        />
      </StepSection>

      <StepSection id="wizard-defaults" title="Defaults" description="A value for every row where the file gives none. Type it as you would in the spreadsheet.">
        <DefaultsSection
          defaults={draft.defaults}
          needing={needing}
          nameFromAddress={nameFromAddress(draft.mapping, draft.defaults)}
          disabled={busy}
          onChange={(field, text) => dispatch({ type: "default", field, text })}
          onRemove={(field) => dispatch({ type: "removeDefault", field })}
        />
      </StepSection>

      <StepSection
        id="wizard-duplicates"
        title="Existing listings"
        description={`When a row matches a listing you already have, it updates that listing. Match by: ${MATCH_BY_LABELS[draft.matchBy]}.`}
      >
        <MatchByChoice
          value={draft.matchBy}
          suggested={suggestedMatchBy(preview, draft)}
          disabled={busy}
          onChange={(matchBy) => dispatch({ type: "matchBy", matchBy })}
        />
      </StepSection>

      <MapStepActions
        problems={
          problems.length > 0 ? (
            <Notice tone="warning" data-testid="mapping-problems">
              <p className="font-medium">Before the preview:</p>
              <ul className="list-disc pl-4">
                {problems.map((p) => (
                  <li key={`${p.field}-${p.message}`}>{p.message}</li>
                ))}
              </ul>
            </Notice>
          ) : null
        }
        error={error}
        busy={busy}
        blocked={problems.length > 0}
        onChooseAnother={onChooseAnother}
        onPreview={onPreview}
      />
    </div>
  );
}
