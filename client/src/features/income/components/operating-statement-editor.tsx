// The operating statement: income and expense lines of the trailing twelve months and, when the
// team has one, a pro forma year; with the figures the server computes from them (EGI, NOI, cap
// rate at the asking price) and the reconciliation's warning against the rent roll.
import { Plus, Trash2 } from "lucide-react";
import { useId, useState, type FormEvent } from "react";
import { BASE_RENT_CATEGORY, type StatementYearFigures } from "@shared/operating-statement";
import { formatDollars } from "@shared/parse/money";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { Switch } from "@/components/ui/switch";
import { errorMessage } from "@/lib/api-client";
import { useOperatingStatement, useSaveOperatingStatement, type OperatingStatementFigures } from "../api/income";

interface LineText {
  category: string;
  amount: string;
}
interface YearText {
  income: LineText[];
  expenses: LineText[];
}

const NEW_YEAR: YearText = { income: [{ category: BASE_RENT_CATEGORY, amount: "" }], expenses: [] };
const asText = (y: { income: { category: string; amount: number }[]; expenses: { category: string; amount: number }[] }): YearText => ({
  income: y.income.map((l) => ({ category: l.category, amount: String(l.amount) })),
  expenses: y.expenses.map((l) => ({ category: l.category, amount: String(l.amount) })),
});

function Lines({ title, lines, onChange }: { title: string; lines: LineText[]; onChange(lines: LineText[]): void }) {
  const set = (i: number, line: Partial<LineText>) => onChange(lines.map((l, j) => (j === i ? { ...l, ...line } : l)));
  return (
    <fieldset className="grid gap-2">
      <legend className="text-xs font-semibold uppercase tracking-wide text-muted-foreground">{title}</legend>
      {lines.map((line, i) => (
        <div key={i} className="grid grid-cols-[minmax(0,1fr)_8rem_auto] gap-2">
          <Input aria-label={`${title} ${i + 1} category`} value={line.category} onChange={(e) => set(i, { category: e.target.value })} placeholder="Category" />
          <Input aria-label={`${title} ${i + 1} amount`} value={line.amount} onChange={(e) => set(i, { amount: e.target.value })} placeholder="$0" inputMode="decimal" />
          <Button type="button" size="icon-sm" variant="ghost" aria-label={`Remove ${title.toLowerCase()} line ${i + 1}`} onClick={() => onChange(lines.filter((_, j) => j !== i))}>
            <Trash2 aria-hidden className="size-4" />
          </Button>
        </div>
      ))}
      <div>
        <Button type="button" size="sm" variant="ghost" onClick={() => onChange([...lines, { category: "", amount: "" }])}>
          <Plus aria-hidden className="size-4" />
          Add {title.toLowerCase()} line
        </Button>
      </div>
    </fieldset>
  );
}

function YearEditor({ label, year, onChange }: { label: string; year: YearText; onChange(year: YearText): void }) {
  return (
    <div className="grid gap-3">
      <h4 className="text-sm font-semibold">{label}</h4>
      <Lines title="Income" lines={year.income} onChange={(income) => onChange({ ...year, income })} />
      <Lines title="Expenses" lines={year.expenses} onChange={(expenses) => onChange({ ...year, expenses })} />
    </div>
  );
}

function YearFigures({ label, f }: { label: string; f: StatementYearFigures }) {
  return (
    <div className="grid gap-1">
      <p className="text-xs font-semibold uppercase tracking-wide text-muted-foreground">{label}</p>
      <dl className="grid grid-cols-3 gap-2 text-sm">
        <div>
          <dt className="text-xs text-muted-foreground">EGI</dt>
          <dd className="font-semibold">{formatDollars(f.egi)}</dd>
        </div>
        <div>
          <dt className="text-xs text-muted-foreground">Expenses</dt>
          <dd className="font-semibold">{formatDollars(f.totalExpenses)}</dd>
        </div>
        <div>
          <dt className="text-xs text-muted-foreground">NOI</dt>
          <dd className="font-semibold" data-testid={`noi-${label}`}>
            {formatDollars(f.noi)}
          </dd>
        </div>
      </dl>
    </div>
  );
}

function Editor({ listingId, saved }: { listingId: string; saved: OperatingStatementFigures }) {
  const [t12, setT12] = useState<YearText>(saved.t12.income.length + saved.t12.expenses.length > 0 ? asText(saved.t12) : NEW_YEAR);
  const [proForma, setProForma] = useState<YearText | null>(saved.proForma ? asText(saved.proForma) : null);
  const [problem, setProblem] = useState<string | null>(null);
  const save = useSaveOperatingStatement(listingId);
  const proFormaId = useId();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setProblem(null);
    // Amounts go as typed ("$1,200", "-$500"): the server reads them with the money parser.
    const wire = (y: YearText) => ({
      income: y.income.filter((l) => l.category.trim() || l.amount.trim()),
      expenses: y.expenses.filter((l) => l.category.trim() || l.amount.trim()),
    });
    save.mutate({ t12: wire(t12), ...(proForma ? { proForma: wire(proForma) } : {}) }, { onError: (error) => setProblem(errorMessage(error)) });
  };

  return (
    <form onSubmit={submit} className="grid gap-4" noValidate>
      <YearEditor label="Trailing 12 months" year={t12} onChange={setT12} />
      <div className="flex items-center gap-2 text-sm">
        <Switch id={proFormaId} checked={proForma !== null} onCheckedChange={(on) => setProForma(on ? (proForma ?? asText(saved.t12)) : null)} />
        <Label htmlFor={proFormaId}>Pro forma year</Label>
      </div>
      {proForma ? <YearEditor label="Pro forma" year={proForma} onChange={setProForma} /> : null}
      {problem ? (
        <p role="alert" className="text-sm font-medium text-destructive">
          {problem}
        </p>
      ) : null}
      <div>
        <Button type="submit" size="sm" loading={save.isPending}>
          Save statement
        </Button>
      </div>
    </form>
  );
}

export function OperatingStatementEditor({ listingId }: { listingId: string }) {
  const { data, isPending, isError } = useOperatingStatement(listingId);
  if (isPending) return <p className="text-sm text-muted-foreground">Loading the operating statement…</p>;
  if (isError) return <p className="text-sm text-destructive">Could not load the operating statement.</p>;
  return (
    <div className="grid gap-4">
      <div className="grid gap-3 rounded-lg border p-3" data-testid="statement-figures">
        <YearFigures label="T-12" f={data.t12} />
        {data.proForma ? <YearFigures label="Pro forma" f={data.proForma} /> : null}
        <p className="text-sm">
          Cap rate at the asking price: <strong>{data.capRate === null ? "— (no asking price)" : `${data.capRate.toFixed(2)}%`}</strong>
        </p>
        {data.warnings.map((w) => (
          <p key={w} role="alert" className="rounded-md border border-warning/50 bg-warning/10 p-2 text-sm font-medium">
            {w}
          </p>
        ))}
      </div>
      <Editor listingId={listingId} saved={data} />
    </div>
  );
}
