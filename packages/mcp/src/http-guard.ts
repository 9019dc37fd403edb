import { createHash, timingSafeEqual } from 'node:crypto';

/** Addresses `--http` may listen on without the operator's `--http-allow-remote`. */
export function isLoopback(host: string): boolean {
  return ['127.0.0.1', 'localhost', '::1'].includes(host.replace(/^\[|\]$/g, '')) || /^127\.\d+\.\d+\.\d+$/.test(host);
}

/** Constant time, length included: both sides are compared as SHA-256 digests with timingSafeEqual. */
export function bearerMatches(header: string | undefined, token: string): boolean {
  const given = /^Bearer\s+(.+)$/i.exec(header ?? '')?.[1] ?? '';
  const digest = (s: string) => createHash('sha256').update(s).digest();
  return timingSafeEqual(digest(given), digest(token)) && given.length > 0;
}

export function originAllowed(origin: string | undefined, allowed: string[]): boolean {
  if (!origin) return true; // not a browser
  if (allowed.includes(origin)) return true;
  try {
    return ['localhost', '127.0.0.1', '[::1]'].includes(new URL(origin).hostname);
  } catch {
    return false;
  }
}

export function hostAllowed(hostHeader: string | undefined, host: string, port: number): boolean {
  if (!hostHeader) return false;
  const name = hostHeader.replace(/:\d+$/, '').replace(/^\[|\]$/g, '');
  return name === host || ['localhost', '127.0.0.1', '::1'].includes(name) || (host === '0.0.0.0' && port > 0);
}
