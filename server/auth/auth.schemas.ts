import { z } from 'zod';
import { createSchema, updateSchema, users } from '../../shared/registry/index.ts';
import { EMAIL_PATTERN, PASSWORD_MIN_LENGTH } from '../../shared/rules.ts';

/** The spec's login rules and messages. */
export const loginBody = z.object({
  email: z
    .string({ error: 'Email is required.' })
    .trim()
    .min(1, { error: 'Email is required.' })
    .max(200)
    .regex(EMAIL_PATTERN, { error: 'Please enter a valid email address.' }),
  password: z
    .string({ error: 'Password is required.' })
    .min(1, { error: 'Password is required.' })
    .min(PASSWORD_MIN_LENGTH, { error: 'Password must be at least 6 characters long.' })
    .max(200),
});

const PASSWORDS_DIFFER = 'Passwords do not match.';

export const registerBody = createSchema(users).refine((body) => body.password === body.password_confirm, {
  error: PASSWORDS_DIFFER,
  path: ['password_confirm'],
});

export const updateUserBody = updateSchema(users)
  .extend({
    // null (or blank) takes the account out of its company: it becomes the platform's (issue 24).
    companyId: z.preprocess(
      (value) => (value === '' ? null : value),
      z.string().trim().min(1).max(64).nullable().optional(),
    ),
  })
  .refine((body) => body.password === undefined || body.password === body.password_confirm, {
    error: PASSWORDS_DIFFER,
    path: ['password_confirm'],
  });

export const idParams = z.object({ id: z.string().min(1).max(64) });

/** Changing one's own password: the current one, then the new one twice. */
export const changePasswordBody = z
  .object({
    current_password: z
      .string({ error: 'Please enter your current password.' })
      .min(1, { error: 'Please enter your current password.' })
      .max(200),
    password: z
      .string({ error: 'Please enter the new password.' })
      .min(1, { error: 'Please enter the new password.' })
      .max(200),
    password_confirm: z.string({ error: PASSWORDS_DIFFER }).max(200),
  })
  .refine((body) => body.password === body.password_confirm, {
    error: PASSWORDS_DIFFER,
    path: ['password_confirm'],
  });
