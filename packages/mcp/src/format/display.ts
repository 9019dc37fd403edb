import type { Session } from '@dapgate/core';
import { clip } from './text.js';

/**
 * Display expressions: registered once per session, evaluated in the stopped frame at every stop
 * and shown with it (an IDE's watch panel). Each is evaluated under the operator's evaluation mode;
 * one that fails shows its error, the others still show.
 */
const registered = new WeakMap<Session, string[]>();

export function setDisplay(s: Session, expressions: string[]): void {
  registered.set(s, [...new Set(expressions.map((e) => e.trim()).filter(Boolean))]);
}

export function displayOf(s: Session): string[] {
  return registered.get(s) ?? [];
}

/** `Display: expr=value ...` for the current stop (frame 0), or undefined when none are registered. */
export async function displayLine(s: Session): Promise<{ text: string; values: Record<string, string> } | undefined> {
  const expressions = displayOf(s);
  if (!expressions.length || s.state !== 'stopped') return undefined;
  const values: Record<string, string> = {};
  const each = await s.evaluateEach(expressions);
  if (each.frameError !== undefined) return { text: `Display: unavailable (${each.frameError})`, values };
  for (const { expression, value, error } of each.values) {
    values[expression] = error === undefined ? clip(value!, 300) : `<error: ${clip(error.trim().split('\n').pop() ?? '', 160)}>`;
  }
  return { text: `Display: ${Object.entries(values).map(([k, v]) => `${k}=${v}`).join('  ')}`, values };
}
