const compiled = new Map<string, RegExp>();

/**
 * An exception's name or message without what the adapter adds to it that tells a reader nothing
 * (the profile's `stops.exceptionTextNoise`: debugpy's "(note: full exception trace is shown but
 * execution is paused at: f)"); the exception's own words are kept exactly.
 */
export function cleanExceptionText(text: string | undefined, noise: string | undefined): string | undefined {
  if (text === undefined || !noise) return text;
  let re = compiled.get(noise);
  if (!re) compiled.set(noise, (re = new RegExp(noise, 'g')));
  return text.replace(re, '') || text;
}
