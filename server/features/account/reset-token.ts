import { createHash, randomBytes } from "node:crypto";

/** A reset link works for an hour after the admin made it, once. */
export const RESET_LINK_TTL_MINUTES = 60;

/** 256 random bits, URL-safe; only its hash is stored. */
export const newResetToken = () => randomBytes(32).toString("base64url");

export const hashResetToken = (token: string) => createHash("sha256").update(token).digest("hex");

export const resetLink = (origin: string, token: string) => `${origin}/auth?reset=${encodeURIComponent(token)}`;
