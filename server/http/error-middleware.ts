import type { ErrorRequestHandler, RequestHandler } from "express";
import { HttpError } from "./http-error.js";

// Errors thrown by body-parser and friends carry a status and a type; their own messages are
// written for developers, so people get these instead.
const PARSER_MESSAGES: Record<string, string> = {
  "entity.parse.failed": "The request body is not valid JSON",
  "entity.too.large": "The request is too large",
  "encoding.unsupported": "The request's encoding is not supported",
  "charset.unsupported": "The request's character set is not supported",
};

export const apiNotFound: RequestHandler = (req, _res, next) => {
  next(new HttpError(404, `No API route for ${req.method} ${req.originalUrl.split("?")[0]}`));
};

export const errorMiddleware: ErrorRequestHandler = (err, req, res, _next) => {
  if (err instanceof HttpError) {
    if (err.headers) res.set(err.headers);
    res.status(err.status).json({ message: err.message, ...(err.fields && { errors: err.fields }), ...err.details });
    return;
  }
  const status = typeof err?.status === "number" ? err.status : typeof err?.statusCode === "number" ? err.statusCode : 500;
  if (status >= 400 && status < 500) {
    const message = PARSER_MESSAGES[err?.type] ?? (err?.expose && err.message) ?? "Bad request";
    res.status(status).json({ message });
    return;
  }
  req.log?.error({ err }, "unhandled error");
  if (res.headersSent) return;
  res.status(500).json({ message: "Something went wrong on our side. Please try again." });
};
