import type { IncomingMessage, ServerResponse } from 'node:http';

/** The MCP SDK (v2) serves web-standard Requests; these carry Node's HTTP server to and from them. */

/** Request bodies above this are refused (the SDK's own default bound). */
const MAX_BODY_BYTES = 4 * 1024 * 1024;

/** The body of a Node request, bounded; undefined when over the bound. */
export async function readBody(req: IncomingMessage): Promise<string | undefined> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > MAX_BODY_BYTES) return undefined;
    chunks.push(chunk);
  }
  return Buffer.concat(chunks).toString('utf8');
}

export function toWebRequest(req: IncomingMessage, body: string | undefined, signal: AbortSignal): Request {
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) {
    if (Array.isArray(value)) for (const v of value) headers.append(name, v);
    else if (value !== undefined) headers.set(name, value);
  }
  const hasBody = req.method !== 'GET' && req.method !== 'HEAD' && body !== undefined && body !== '';
  return new Request(`http://${req.headers.host ?? 'localhost'}${req.url ?? '/'}`, { method: req.method, headers, body: hasBody ? body : undefined, signal });
}

/** Writes a web Response to Node's; resolves once its body (an SSE stream, maybe) has ended or the client left. */
export async function sendWebResponse(res: ServerResponse, response: Response, extraHeaders: Record<string, string> = {}): Promise<void> {
  const headers: Record<string, string | string[]> = { ...extraHeaders };
  response.headers.forEach((value, name) => {
    headers[name] = name === 'set-cookie' ? [...((headers[name] as string[] | undefined) ?? []), value] : value;
  });
  res.writeHead(response.status, headers);
  if (!response.body) return void res.end();
  res.flushHeaders();
  const reader = response.body.getReader();
  const stop = () => void reader.cancel().catch(() => undefined);
  res.once('close', stop);
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      res.write(value);
    }
  } catch {
    // the client went away, or the stream was cancelled
  } finally {
    res.off('close', stop);
    res.end();
  }
}
