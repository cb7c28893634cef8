// Test helper: a local HTTP server that speaks just enough of the chat-completions protocol.
import http from "node:http";
import type { AddressInfo } from "node:net";

export type StubReply = { status: number; json: unknown } | "hang";
export type StubHandler = StubReply | ((body: ChatRequest) => StubReply | Promise<StubReply>);

export interface ChatRequest {
  model: string;
  messages: { role: string; content: string }[];
  response_format?: { type: string; json_schema?: { name: string; strict?: boolean; schema: unknown } };
}

export interface ChatStub {
  baseURL: string;
  requests: { authorization: string | undefined; body: ChatRequest }[];
  /** Answers the next requests in this order; the last handler answers any after them. */
  answer(...handlers: StubHandler[]): void;
  close(): Promise<void>;
}

/** A successful reply whose message content is the given text. */
export const completion = (content: string): StubReply => ({
  status: 200,
  json: {
    id: "chatcmpl-test",
    object: "chat.completion",
    created: 0,
    model: "stub-model",
    choices: [{ index: 0, message: { role: "assistant", content, refusal: null }, finish_reason: "stop", logprobs: null }],
  },
});

export const postsReply = (posts: { platform: string; text: string }[]) => completion(JSON.stringify({ posts }));

export const errorReply = (status: number, message: string): StubReply => ({
  status,
  json: { error: { message, type: "invalid_request_error", code: null } },
});

export async function startChatStub(): Promise<ChatStub> {
  let handlers: StubHandler[] = [];
  const requests: ChatStub["requests"] = [];
  const server = http.createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    if (req.method !== "POST" || req.url !== "/v1/chat/completions") {
      res.writeHead(404, { "content-type": "application/json" }).end(JSON.stringify({ error: { message: "not found" } }));
      return;
    }
    const body = JSON.parse(Buffer.concat(chunks).toString("utf8")) as ChatRequest;
    requests.push({ authorization: req.headers.authorization, body });
    const handler = handlers.length > 1 ? handlers.shift()! : handlers[0];
    const reply = typeof handler === "function" ? await handler(body) : handler;
    if (!reply || reply === "hang") return;
    res.writeHead(reply.status, { "content-type": "application/json" }).end(JSON.stringify(reply.json));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseURL: `http://127.0.0.1:${port}/v1`,
    requests,
    answer: (...next) => {
      handlers = next;
      requests.length = 0;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
