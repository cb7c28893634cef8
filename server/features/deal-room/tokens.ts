// Capability tokens for signing links and rooms: 128 random bits, sent once, kept only as a hash,
// so a copy of the database opens no room.
import { createHash, randomBytes } from "node:crypto";

/** 22 base64url characters: exactly what newToken makes, so anything else is unknown at once. */
const TOKEN_PATTERN = /^[A-Za-z0-9_-]{22}$/;

export const newToken = () => randomBytes(16).toString("base64url");
export const sha256Hex = (data: string | Buffer) => createHash("sha256").update(data).digest("hex");
export const hashToken = (token: string) => sha256Hex(`room-token:${token}`);
export const isTokenShape = (token: unknown): token is string => typeof token === "string" && TOKEN_PATTERN.test(token);
