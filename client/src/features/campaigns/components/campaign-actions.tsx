// Send now or at a time, pause, resume and cancel: only the moves the campaign's status allows,
// each confirmed first, and the server's refusal (no SMTP, no postal address, the agents' cap)
// shown as it says it.
import { useState } from "react";
import type { Campaign } from "@shared/campaigns";
import { ConfirmActionButton } from "@/components/ui/confirm-action-button";
import { FormField } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";
import { errorMessage } from "@/lib/api-client";
import { useMoveCampaign, type CampaignMove } from "../api/campaigns";
import { movesOf } from "../lib/campaign-status";

/** The moves after sending starts, each with the words of its confirmation. */
const CONFIRMED_MOVES = [
  {
    name: "pause",
    tone: undefined,
    label: "Pause",
    title: "Pause sending?",
    description: "No more messages leave until you resume. A message already on its way still arrives.",
    cancelLabel: "Keep sending",
    confirmLabel: "Pause",
  },
  {
    name: "resume",
    tone: "primary",
    label: "Resume",
    title: "Resume sending?",
    description: "Sending carries on with the people who have not had the message yet.",
    cancelLabel: "Stay paused",
    confirmLabel: "Resume",
  },
  {
    name: "cancel",
    tone: undefined,
    label: "Cancel campaign",
    title: "Cancel this campaign?",
    description: "No more of its messages will be sent, and it cannot be started again.",
    cancelLabel: "Keep it",
    confirmLabel: "Cancel campaign",
  },
] as const satisfies readonly { name: Exclude<CampaignMove, "send">; tone: "primary" | undefined; label: string; title: string; description: string; cancelLabel: string; confirmLabel: string }[];

interface CampaignActionsProps {
  campaign: Campaign;
  reach: number | undefined;
  /** Saves the editor's unsaved changes first, so what is sent is what is shown; false when saving failed. */
  beforeSend: () => Promise<boolean>;
}

export function CampaignActions({ campaign, reach, beforeSend }: CampaignActionsProps) {
  const move = useMoveCampaign(campaign.id);
  const [at, setAt] = useState("");
  const moves = movesOf(campaign.status);
  const who = reach === undefined ? "its audience" : `${reach} ${reach === 1 ? "contact" : "contacts"}`;
  const run = (name: CampaignMove, when?: string) => move.mutate({ move: name, ...(when && { at: when }) });
  const send = async (when?: string) => {
    if (await beforeSend()) run("send", when);
  };
  const scheduledAt = at ? new Date(at) : null;
  const valid = scheduledAt !== null && !Number.isNaN(scheduledAt.getTime());

  // One campaign per page: each button's words name it well enough (and a screen reader hears the same words).
  if (!moves.send && !moves.pause && !moves.resume && !moves.cancel) return null;
  return (
    <section className="grid gap-3" aria-labelledby="send-heading">
      <h2 id="send-heading" className="text-base font-semibold">
        Send
      </h2>
      <div className="flex flex-wrap items-end gap-2">
        {moves.send ? (
          <ConfirmActionButton
            tone="primary"
            label="Send now"
            ariaLabel="Send now"
            pending={move.isPending && move.variables.move === "send" && !move.variables.at}
            title="Send this campaign now?"
            description={`It goes to ${who}, one message each, at the server's sending rate. You can pause or cancel while it sends.`}
            cancelLabel="Not yet"
            confirmLabel="Send now"
            onConfirm={() => void send()}
          />
        ) : null}
        {CONFIRMED_MOVES.filter(({ name }) => moves[name]).map(({ name, tone, label, ...words }) => (
          <ConfirmActionButton
            key={name}
            tone={tone}
            label={label}
            ariaLabel={label}
            pending={move.isPending && move.variables.move === name}
            {...words}
            onConfirm={() => run(name)}
          />
        ))}
      </div>
      {moves.send ? (
        <div className="flex flex-wrap items-end gap-2">
          <FormField label="Or send at" hint="A time already past sends at once.">
            <Input type="datetime-local" value={at} onChange={(e) => setAt(e.target.value)} className="w-auto" />
          </FormField>
          {valid ? (
            <ConfirmActionButton
              tone="primary"
              label="Schedule"
              ariaLabel="Schedule"
              pending={move.isPending && move.variables.move === "send" && Boolean(move.variables.at)}
              title="Schedule this campaign?"
              description={`It starts ${scheduledAt.toLocaleString()} and goes to ${who}, counted again for unsubscribes then.`}
              cancelLabel="Not yet"
              confirmLabel="Schedule"
              onConfirm={() => void send(scheduledAt.toISOString())}
            />
          ) : null}
        </div>
      ) : null}
      {move.isError ? (
        <p role="alert" className="text-sm text-destructive">
          {errorMessage(move.error)}
        </p>
      ) : null}
    </section>
  );
}
