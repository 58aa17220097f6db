import { signInSchema } from '@shared/schemas/session';
import { z } from 'zod';

/** The shared sign-in schema plus the Stay logged in choice, which is never sent to the server. */
export const signInFormSchema = signInSchema.extend({ stayLoggedIn: z.boolean() });
export type SignInFormValues = z.infer<typeof signInFormSchema>;
