import { type SessionUser, type SignInResponse, signInResponseSchema } from '@shared/schemas/session';
import { z } from 'zod';

export type { SessionUser, SignInResponse };

/** What is remembered in the browser: in localStorage, or sessionStorage when Stay logged in is off. */
export const storedSessionSchema = signInResponseSchema.extend({ stayLoggedIn: z.boolean() });
export type StoredSession = z.infer<typeof storedSessionSchema>;
/** The key of the stored session in either storage. */
export const SESSION_STORAGE_KEY = 'session';
