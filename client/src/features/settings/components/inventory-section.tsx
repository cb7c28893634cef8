// In Settings, for admins: the brokerage's public inventory, whether search engines may index it,
// which websites may embed it, and the two snippets to paste there (docs/guides/inventory-and-feed.md).
import { Copy } from "lucide-react";
import { useState } from "react";
import { EMBED_SCRIPT_PATH, INVENTORY_EMBED_PATH, INVENTORY_PATH, type InventorySettings } from "@shared/inventory";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { FormField } from "@/components/ui/form-field";
import { Switch } from "@/components/ui/switch";
import { Textarea } from "@/components/ui/textarea";
import { toastError, toastSuccess } from "@/components/ui/use-toast";
import { errorMessage } from "@/lib/api-client";
import { copyText } from "@/lib/clipboard";
import { useInventorySettings, useSaveInventorySettings } from "../api/inventory-settings";

function Snippet({ label, code, testId }: { label: string; code: string; testId: string }) {
  const copy = async () => ((await copyText(code)) ? toastSuccess("Snippet copied") : toastError("Could not copy", "Select the snippet and copy it."));
  return (
    <div className="grid gap-1">
      <p className="text-sm font-medium">{label}</p>
      <code className="break-all rounded bg-muted px-2 py-1 text-sm" data-testid={testId}>
        {code}
      </code>
      <div>
        <Button variant="outline" size="sm" onClick={() => void copy()} aria-label={`Copy the ${label.toLowerCase()}`}>
          <Copy aria-hidden />
          Copy
        </Button>
      </div>
    </div>
  );
}

function OriginsForm({ settings }: { settings: InventorySettings }) {
  const save = useSaveInventorySettings();
  const [text, setText] = useState(settings.embedOrigins.join("\n"));
  const [error, setError] = useState<string>();
  return (
    <form
      noValidate
      className="grid gap-2"
      onSubmit={(event) => {
        event.preventDefault();
        setError(undefined);
        const embedOrigins = text
          .split(/[\s,]+/)
          .map((o) => o.trim())
          .filter(Boolean);
        save.mutate(
          { embedOrigins },
          {
            onSuccess: (saved) => {
              setText(saved.embedOrigins.join("\n"));
              toastSuccess("Websites saved");
            },
            onError: (err) => setError(errorMessage(err)),
          },
        );
      }}
    >
      <FormField label="Websites allowed to embed" error={error} hint="One origin a line, such as https://www.example.com (no path).">
        <Textarea rows={3} value={text} onChange={(e) => setText(e.target.value)} data-testid="embed-origins" />
      </FormField>
      <div>
        <Button type="submit" variant="outline" loading={save.isPending}>
          Save websites
        </Button>
      </div>
    </form>
  );
}

export function InventorySection({ isAdmin }: { isAdmin: boolean }) {
  const settings = useInventorySettings(isAdmin);
  const save = useSaveInventorySettings();
  if (!isAdmin || !settings.data) return null;
  const s = settings.data;
  // The snippets name the address people open the app at when the app has none of its own yet.
  const origin = s.address ? s.address.slice(0, -INVENTORY_PATH.length) : window.location.origin;
  const scriptSnippet = `<script src="${origin}${EMBED_SCRIPT_PATH}" data-offering="lease" async></script>`;
  const iframeSnippet = `<iframe src="${origin}${INVENTORY_EMBED_PATH}" title="Properties" style="width:100%;height:1600px;border:0"></iframe>`;
  return (
    <Card className="grid gap-4 p-5" data-testid="inventory-settings">
      <h2 className="font-semibold">Inventory and embed</h2>
      <p className="text-sm text-muted-foreground">
        The brokerage&apos;s public inventory is at{" "}
        <a className="inline-flex items-center break-all font-medium text-primary underline pointer-coarse:min-h-11" href={`${origin}${INVENTORY_PATH}`} target="_blank" rel="noreferrer">
          {origin}
          {INVENTORY_PATH}
        </a>
        . It shows each published listing whose “Show in the brokerage&apos;s inventory” is on (Share publicly).
      </p>
      <div className="flex items-center gap-3 text-sm">
        <Switch
          id="inventory-indexable"
          checked={s.indexable}
          disabled={save.isPending}
          onCheckedChange={(indexable) => save.mutate({ indexable }, { onError: (err) => toastError("Could not save", errorMessage(err)) })}
        />
        <label htmlFor="inventory-indexable">Let search engines index the inventory</label>
      </div>
      <OriginsForm key={s.embedOrigins.join(" ")} settings={s} />
      <Snippet label="Script snippet" code={scriptSnippet} testId="embed-script-snippet" />
      <Snippet label="Plain iframe snippet" code={iframeSnippet} testId="embed-iframe-snippet" />
      <p className="text-sm text-muted-foreground">
        The script sizes the frame to its content; change or remove data-offering (sale, lease), or add data-type, data-state or data-agent, to choose what it
        shows. The plain iframe is for websites that forbid scripts.
      </p>
    </Card>
  );
}
