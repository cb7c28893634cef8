import { pino, type Logger } from "pino";

export type { Logger };

export function createLogger(level: string): Logger {
  return pino({
    level,
    // Never let a credential reach the log, whatever logs the request.
    redact: ["req.headers.cookie", "req.headers.authorization", 'res.headers["set-cookie"]', "password"],
  });
}
