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

const SENSITIVE_NAME = String.raw`(?:[A-Za-z_][\w.-]*?)?(?:password|passwd|passphrase|secret|token|api[_-]?key|apikey|access[_-]?key|private[_-]?key|credential|auth[_-]?header|cookie)[\w-]*`;

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

export function maskText(text: string): string {
  if (!enabled || !text) return text;
  let out = text;
  for (const p of VALUE_PATTERNS) out = out.replace(p, (m) => (m.startsWith('Bearer') || m.startsWith('Basic') ? `${m.split(/\s/)[0]} ${MASK}` : MASK));
  out = out.replace(NAME_VALUE, (_m, pre: string, name: string, q: string, sep: string, value: string) => {
    if (/^(None|null|undefined|nil|true|false|''|"")$/.test(value) || /^-?\d+(\.\d+)?$/.test(value)) return `${pre}${name}${q}${sep}${value}`;
    const quote = value.startsWith("'") || value.startsWith('"') ? value[0] : '';
    return `${pre}${name}${q}${sep}${quote}${MASK}${quote}`;
  });
  return out;
}

const SENSITIVE_KEY = new RegExp(`^${SENSITIVE_NAME}$`, 'i');

/** Masks strings inside structured content; a string under a sensitive key is masked whole. */
export function maskStructured(value: unknown, key?: string): unknown {
  if (!enabled) return value;
  if (typeof value === 'string') {
    if (key && SENSITIVE_KEY.test(key.replace(/^['"]|['"]$/g, '')) && value && !/^(None|null|undefined|''|"")$/.test(value) && !/^-?\d+(\.\d+)?$/.test(value)) return MASK;
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
