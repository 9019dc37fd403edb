/** Incoming MCP messages made safe for the SDK's own checks before it sees them. */

interface Receiver {
  // the SDK's transports type their message and extra arguments each their own way
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  onmessage?: (message: any, extra?: any) => void;
}

/**
 * A tool argument named `constructor` makes the SDK's request check fail with an internal error
 * ("Cannot read properties of null (reading 'prototype')", "expected record") before any tool
 * sees the call. No tool has such a parameter and unknown arguments are ignored, so it is dropped
 * here, where the call arrives; the tool then answers as it would without it.
 */
export function guardIncoming(transport: Receiver): void {
  const deliver = transport.onmessage;
  if (!deliver) return;
  transport.onmessage = (message: unknown, extra?: unknown) => {
    const params = (message as { method?: unknown; params?: { arguments?: unknown } } | null)?.params;
    const args = params?.arguments;
    if (args && typeof args === 'object' && !Array.isArray(args) && Object.hasOwn(args, 'constructor')) {
      Reflect.deleteProperty(args, 'constructor');
    }
    deliver.call(transport, message, extra);
  };
}
