/**
 * Masks credential-shaped values before an answer leaves the gateway: values of sensitive names
 * (`password = '...'`, `"api_key": "..."`) and well-known token formats anywhere. On by default;
 * the server's operator can turn it off (--no-mask-secrets / DAPGATE_MASK_SECRETS=0), agents cannot.
 * Best effort: it protects against accidental disclosure in listings, not against an agent that
 * sets out to reconstruct a secret (e.g. character by character through evaluate).
 */
let enabled = true;

export function setSecretMasking(on: boolean): void {
  enabled = on;
}

const MASK = '«masked»';

// Names that really hold credentials. A bare `token` (a parser's tokens, `rpntokens`) is not one;
// a qualified one (`access_token`, `apiToken`, `refresh-token`) is.
const CREDENTIAL_WORD = String.raw`(?:password|passwd|passphrase|secret|api[_-]?key|apikey|access[_-]?key|private[_-]?key|credential|auth[_-]?header|authorization|cookie|(?:access|refresh|auth|api|bearer|session|oauth|csrf|xsrf|github|gh|slack|bot|client|personal|private|id)[_-]?token)`;
const SENSITIVE_NAME = String.raw`(?:[A-Za-z_][\w.-]*?)?${CREDENTIAL_WORD}[\w-]*`;

const VALUE_PATTERNS: RegExp[] = [
  /-----BEGIN [A-Z ]*PRIVATE KEY-----[\s\S]*?(?:-----END [A-Z ]*PRIVATE KEY-----|$)/g,
  /\bAKIA[0-9A-Z]{16}\b/g, // AWS access key id
  /\bgh[pousr]_[A-Za-z0-9]{30,}\b/g, // GitHub tokens
  /\bgithub_pat_[A-Za-z0-9_]{40,}\b/g,
  /\bxox[abprs]-[A-Za-z0-9-]{10,}\b/g, // Slack
  /\bsk-[A-Za-z0-9_-]{20,}\b/g, // API keys of the sk- family
  /\beyJ[A-Za-z0-9_-]{8,}\.[A-Za-z0-9_-]{8,}\.[A-Za-z0-9_-]{8,}\b/g, // JWT
  /\b(Bearer|Basic)\s+[A-Za-z0-9._~+/=-]{12,}/g,
];

// name = 'value' | name: "value" | 'name': 'value' | name=value (unquoted values of 6+ characters)
const NAME_VALUE = new RegExp(
  String.raw`(\b|['"])(${SENSITIVE_NAME})(['"]?)(\s*(?:=|:)\s*)('(?:[^'\\\n]|\\.)*'|"(?:[^"\\\n]|\\.)*"|[^\s,;)}\]'"]{6,})`,
  'gi',
);

/**
 * Values already masked because of their name, so that the same value is masked wherever it shows
 * up later (a logpoint line, `tokens.toString()`, an evaluation that returns it). Bounded.
 */
const learned = new Set<string>();
const MAX_LEARNED = 500;
let learnedPattern: RegExp | undefined;

function learn(raw: string): void {
  const v = raw.replace(/^['"]|['"]$/g, '');
  if (v.length < 6 || learned.has(v) || v === MASK) return;
  if (learned.size >= MAX_LEARNED) learned.delete(learned.values().next().value as string);
  learned.add(v);
  const escaped = [...learned].sort((a, b) => b.length - a.length).map((x) => x.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'));
  learnedPattern = new RegExp(escaped.join('|'), 'gi');
}

/** Forgets learned values (tests). */
export function forgetLearnedSecrets(): void {
  learned.clear();
  learnedPattern = undefined;
}

const SENSITIVE_KEY = new RegExp(`^${SENSITIVE_NAME}$`, 'i');
const SENSITIVE_IDENTIFIER = new RegExp(String.raw`[A-Za-z_$][\w$]*`, 'g');

/** Whether an expression, path or logpoint text names a credential (`db_password`, `creds.api_key`). */
export function namesSecret(text: string): boolean {
  if (!enabled) return false;
  for (const id of text.match(SENSITIVE_IDENTIFIER) ?? []) if (SENSITIVE_KEY.test(id)) return true;
  return false;
}

/**
 * A logpoint that interpolates a credential (`{db_password}`) logs «masked» in its place: the value
 * never leaves the debuggee.
 */
export function maskLogMessage(message: string): string {
  if (!enabled) return message;
  return message.replace(/\{([^{}]+)\}/g, (m, expr: string) => (namesSecret(expr) ? MASK : m));
}

/** Every value in an answer about a credential: `x = value` lines keep their left side only. */
export function maskValueLines(text: string): string {
  return text.replace(/^(\s*[^\n=]*?\s=\s)(.+)$/gm, `$1${MASK}`);
}

export function maskText(text: string): string {
  if (!enabled || !text) return text;
  let out = text;
  if (learnedPattern) out = out.replace(learnedPattern, MASK);
  for (const p of VALUE_PATTERNS) out = out.replace(p, (m) => (m.startsWith('Bearer') || m.startsWith('Basic') ? `${m.split(/\s/)[0]} ${MASK}` : MASK));
  out = out.replace(NAME_VALUE, (_m, pre: string, name: string, q: string, sep: string, value: string) => {
    if (/^(None|null|undefined|nil|true|false|''|"")$/.test(value) || /^-?\d+(\.\d+)?$/.test(value)) return `${pre}${name}${q}${sep}${value}`;
    const quote = value.startsWith("'") || value.startsWith('"') ? value[0] : '';
    learn(value);
    return `${pre}${name}${q}${sep}${quote}${MASK}${quote}`;
  });
  return out;
}


/** Masks strings inside structured content; a string under a sensitive key is masked whole. */
export function maskStructured(value: unknown, key?: string): unknown {
  if (!enabled) return value;
  if (typeof value === 'string') {
    if (key && SENSITIVE_KEY.test(key.replace(/^['"]|['"]$/g, '')) && value && !/^(None|null|undefined|''|"")$/.test(value) && !/^-?\d+(\.\d+)?$/.test(value)) {
      learn(value);
      return MASK;
    }
    return maskText(value);
  }
  if (Array.isArray(value)) return value.map((v) => maskStructured(v));
  if (value && typeof value === 'object') {
    const o = value as Record<string, unknown>;
    // a variable {name, value}: the name decides for the value
    const named = typeof o.name === 'string' ? o.name : undefined;
    return Object.fromEntries(Object.entries(o).map(([k, v]) => [k, k === 'value' && named ? maskStructured(v, named) : maskStructured(v, k)]));
  }
  return value;
}
