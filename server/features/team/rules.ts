import { randomBytes } from "node:crypto";
import type { Invitation, InvitationDto, InvitationStatus } from "../../../shared/schema.js";

/** An invitation not used within this many days expires. */
export const INVITATION_TTL_DAYS = 7;

/** 256 random bits, URL-safe. */
export const newInvitationToken = () => randomBytes(32).toString("base64url");

export const inviteLink = (origin: string, token: string) => `${origin}/auth?token=${encodeURIComponent(token)}`;

export function effectiveStatus(inv: Invitation, now = Date.now()): InvitationStatus {
  if (inv.status !== "pending") return inv.status;
  return now - inv.createdAt.getTime() > INVITATION_TTL_DAYS * 86_400_000 ? "expired" : "pending";
}

/** Only a pending invitation carries its link: the token of a used one is of no use to anyone. */
export function toInvitationDto(inv: Invitation, origin: string): InvitationDto {
  const status = effectiveStatus(inv);
  const { token, ...rest } = inv;
  return { ...rest, status, inviteLink: status === "pending" ? inviteLink(origin, token) : null };
}
