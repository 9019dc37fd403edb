import { z } from 'zod';

/**
 * A profile field that is a regular expression: compiled when the profile loads, so a broken one
 * is an error naming the file and the field, not a crash in the middle of a session.
 */
export function regexp(): z.ZodEffects<z.ZodString, string, string> {
  return z.string().superRefine((source, ctx) => {
    try {
      new RegExp(source);
    } catch (e) {
      ctx.addIssue({ code: z.ZodIssueCode.custom, message: `not a valid regular expression: ${(e as Error).message}` });
    }
  });
}
