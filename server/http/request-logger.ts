import { pinoHttp } from "pino-http";
import type { Logger } from "../logger.js";
import { redactUrl } from "./redact-url.js";

export function requestLogger(logger: Logger) {
  return pinoHttp({
    logger,
    customLogLevel: (_req, res, err) => (err || res.statusCode >= 500 ? "error" : res.statusCode >= 400 ? "warn" : "info"),
    serializers: {
      // Bodies are never logged, so a token sent in a body stays out of the log too.
      req: (req) => ({ id: req.id, method: req.method, url: redactUrl(String(req.url ?? "")) }),
      res: (res) => ({ statusCode: res.statusCode }),
    },
  });
}
