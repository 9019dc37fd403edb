/** Incoming MCP messages made safe for the SDK's own checks before it sees them. */

/**
 * A tool argument named `constructor` makes the SDK's request check fail with an internal error
 * ("Cannot read properties of null (reading 'prototype')", "expected record") before any tool
 * sees the call. No tool has such a parameter and unknown arguments are ignored, so it is dropped
 * here, where the call arrives (stdio's transport, the HTTP body); the tool then answers as it
 * would without it.
 */
export function dropConstructorArgument(message: unknown): void {
  const params = (message as { params?: { arguments?: unknown } } | null)?.params;
  const args = params?.arguments;
  if (args && typeof args === 'object' && !Array.isArray(args) && Object.hasOwn(args, 'constructor')) {
    Reflect.deleteProperty(args, 'constructor');
  }
}
