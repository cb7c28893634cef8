import { History } from "lucide-react";
import { useEffect, useReducer, useRef, useState } from "react";
import { Link, useSearch } from "wouter";
import { Button } from "@/components/ui/button";
import { PageHeader } from "@/components/ui/page-header";
import { errorMessage } from "@/lib/api-client";
import { useCommitImport } from "../api/commit-import";
import { usePreviewImport } from "../api/preview-import";
import { importFileProblem, readImportFile } from "../lib/read-import-file";
import { initialWizardState, previewRequest, wizardReducer, type ReadOptions, type WizardStep } from "../lib/wizard-state";
import { ContactMapStep } from "./contact-map-step";
import { FileStep } from "./file-step";
import { ImportStep } from "./import-step";
import { MapStep } from "./map-step";
import { forgetHandedOverFile, handedOverFile, IMPORTS_PATH } from "./open-import-wizard";
import { PreviewStep } from "./preview-step";
import { ResultStep } from "./result-step";
import { STEP_HEADING_ID, WizardSteps } from "./wizard-steps";

/**
 * The import wizard: File → Map → Preview → Import → Result.
 * The state lives in one reducer; this page sends the
 * requests and reports their answers to it.
 */
export function ImportWizardPage() {
  // The Contacts page opens the wizard with ?target=contacts.
  const search = useSearch();
  const [state, dispatch] = useReducer(wizardReducer, search, (query) => ({
    ...initialWizardState,
    target: new URLSearchParams(query).get("target") === "contacts" ? ("contacts" as const) : ("listings" as const),
  }));
  const preview = usePreviewImport();
  const commit = useCommitImport();
  const [reading, setReading] = useState(false);
  /** A refused request, shown on the step that sent it. */
  const [error, setError] = useState<{ step: WizardStep; message: string } | null>(null);
  const [handedOver] = useState(handedOverFile);
  const tookHandedOver = useRef(false);
  const busy = reading || preview.isPending;
  const stepError = error?.step === state.step ? error.message : null;

  const fail = (step: WizardStep) => (e: unknown) => setError({ step, message: errorMessage(e) });

  const chooseFile = async (file: File, agentName?: string) => {
    setError(null);
    const problem = importFileProblem(file);
    if (problem) {
      setError({ step: "file", message: problem });
      return;
    }
    setReading(true);
    let source;
    try {
      source = await readImportFile(file);
    } catch (e) {
      // The file moved or its permission was withdrawn after it was chosen.
      setError({ step: "file", message: errorMessage(e, "The file could not be read.") });
      return;
    } finally {
      setReading(false);
    }
    dispatch({ type: "file", source });
    preview.mutate(previewRequest(source, {}, null, state.target), {
      onSuccess: (reply) => {
        dispatch({ type: "suggested", preview: reply });
        if (agentName) dispatch({ type: "assignAgent", name: agentName });
      },
      onError: fail("file"),
    });
  };

  // A file handed over by Import CSV is read at once, as if chosen here.
  useEffect(() => {
    forgetHandedOverFile();
    if (!handedOver || tookHandedOver.current) return;
    tookHandedOver.current = true;
    void chooseFile(handedOver.file, handedOver.agentName);
    // Once, on arrival: chooseFile is a new function on every render.
    // eslint-disable-next-line react-hooks/exhaustive-deps -- see the line above
  }, [handedOver]);

  // Each new step starts at the top of the page, as a new screen does, with focus on its name:
  // the button that led there is gone, and focus must not fall back to the page body.
  const shownStep = useRef(state.step);
  useEffect(() => {
    if (shownStep.current === state.step) return;
    shownStep.current = state.step;
    window.scrollTo(0, 0);
    document.getElementById(STEP_HEADING_ID)?.focus({ preventScroll: true });
  }, [state.step]);

  const changeReadOptions = (change: ReadOptions) => {
    if (!state.source) return;
    setError(null);
    const options = { ...state.options, ...change };
    preview.mutate(previewRequest(state.source, options, null, state.target), {
      onSuccess: (reply) => {
        dispatch({ type: "options", options });
        dispatch({ type: "suggested", preview: reply });
      },
      onError: fail("map"),
    });
  };

  const runPreview = (from: WizardStep) => {
    if (!state.source || !state.draft) return;
    setError(null);
    commit.reset();
    preview.mutate(previewRequest(state.source, state.options, state.draft, state.target), {
      onSuccess: (reply) => dispatch({ type: "previewed", preview: reply }),
      onError: fail(from),
    });
  };

  const runCommit = () => {
    if (!state.preview) return;
    dispatch({ type: "committing" });
    commit.mutate(state.preview.id, { onSuccess: (result) => dispatch({ type: "committed", result }) });
  };

  const restart = () => {
    setError(null);
    preview.reset();
    commit.reset();
    dispatch({ type: "restart" });
  };

  // What the Map step needs, whichever kind of file it maps.
  const mapProps =
    state.preview && state.draft
      ? { preview: state.preview, draft: state.draft, options: state.options, suggestion: state.suggestion, busy, error: stepError, dispatch, onReadOptions: changeReadOptions, onPreview: () => runPreview("map"), onChooseAnother: restart }
      : null;

  return (
    <div className="grid min-w-0 gap-6" data-testid="import-wizard" data-step={state.step}>
      <PageHeader
        title="Import a spreadsheet"
        description="Bring listings or contacts in from any team's spreadsheet: map its columns, check a preview, import, and undo if needed."
        actions={
          <Button asChild variant="outline">
            <Link href={IMPORTS_PATH}>
              <History aria-hidden />
              Import history
            </Link>
          </Button>
        }
      />
      <WizardSteps step={state.step} />

      {state.step === "file" ? (
        <FileStep
          target={state.target}
          onTarget={(target) => dispatch({ type: "target", target })}
          fileName={state.source?.fileName ?? null}
          busy={busy}
          error={stepError}
          onChoose={(file) => void chooseFile(file)}
        />
      ) : null}

      {state.step === "map" && mapProps ? (
        mapProps.preview.target === "contacts" ? <ContactMapStep {...mapProps} /> : <MapStep {...mapProps} valueSuggestion={state.valueSuggestion} />
      ) : null}

      {state.step === "preview" && state.preview ? (
        <PreviewStep key={state.preview.id} preview={state.preview} onBack={() => dispatch({ type: "back" })} onImport={runCommit} />
      ) : null}

      {state.step === "import" && state.preview ? (
        <ImportStep
          preview={state.preview}
          pending={commit.isPending}
          error={commit.error}
          previewing={preview.isPending}
          previewError={stepError}
          onRetry={runCommit}
          onPreviewAgain={() => runPreview("import")}
          onBack={() => dispatch({ type: "backToPreview" })}
        />
      ) : null}

      {state.step === "result" && state.preview && state.commit ? <ResultStep preview={state.preview} result={state.commit} onAnother={restart} /> : null}
    </div>
  );
}
